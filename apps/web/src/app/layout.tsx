import { lazy, memo, Suspense, useLayoutEffect } from 'react';
import { FlaskConical, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useHref, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Button as AriaButton, RouterProvider } from 'react-aria-components';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { useAuthValue } from '../lib/session/auth-store';
import { useLogOut } from '../features/auth/hooks/use-log-out';
import { useAppConfig, useFeatureFlags } from '../lib/config';
import { GlobalAlert as GlobalAlertField } from './global-alert';
import { LanguageSwitch as LanguageSwitchField } from './language-switch';
import { APP_VERSION } from './version';
import { openInWallet } from '../lib/session/wallet-state';
import { walletLaunchAtBoot } from '../lib/session/wallet-launch';

// R5: rarely seen, so it loads when an account is found frozen rather than with every page.
// The wallet mode's start (adapters, SDK) loads only when the wallet opened the app (decision 034).
const WalletBoot = lazy(async () => ({ default: (await import('../features/wallet-app/wallet-boot')).WalletBoot }));
const AccountFrozenScreen = lazy(async () => ({
  default: (await import('../features/auth/account-frozen-screen')).AccountFrozenScreen,
}));

/**
 * Pages taller than a phone's screen (the trade forms). While they load (session check, KYC check, their chunk, their
 * reads), the page area already fills the screen on phones, so the footer starts below it instead of being pushed
 * down when the page arrives (Lighthouse's layout shift on /trade/buy, decision 042).
 */
const TALL_PAGES = ['/trade/buy', '/trade/sell'];

// Decision 043: the shell's parts render again only when their own state changes, not with the layout on every step of
// the session check (the language switch's React Aria toggle buttons were most of those synchronous renders).
const GlobalAlert = memo(GlobalAlertField);
const LanguageSwitch = memo(LanguageSwitchField);

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 23V9h8a5 5 0 0 1 1.6 9.7L22 23h-4l-3-4h-2v4zm4-7h4a2 2 0 0 0 0-4h-4z" className="fill-on-primary" />
    </svg>
  );
}

/** R19: Rampart's version and the deployment's build stage; Contact Support next to it. */
const Footer = memo(function Footer() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const text = data
    ? t('app.versionWithStage', { version: APP_VERSION, stage: t(`stage.${data.stage}`) })
    : t('app.version', { version: APP_VERSION });
  return (
    <footer className="flex flex-col items-center gap-1 px-4 pt-2 pb-4 text-xs text-ink-muted sm:flex-row sm:justify-center sm:gap-4">
      {data?.supportUrl ? (
        <a
          href={data.supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            // In the wallet mini-app, outside pages open in the wallet's browser (decision 034).
            if (openInWallet(data.supportUrl)) event.preventDefault();
          }}
          className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('common.contactSupport')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      ) : null}
      <p>{text}</p>
    </footer>
  );
});

const SettingsLink = memo(function SettingsLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/settings"
      aria-label={t('common.settings')}
      className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold text-ink-muted no-underline outline-none hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus"
    >
      <Settings size={20} aria-hidden="true" />
      <span className="hidden whitespace-nowrap sm:inline" aria-hidden="true">
        {t('common.settings')}
      </span>
    </Link>
  );
});

/** The sandbox screen in the header: only with the flag "sandbox page in nav" on and in sandbox mode (R4). */
const SandboxLink = memo(function SandboxLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/sandbox"
      aria-label={t('common.sandbox')}
      className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold text-ink-muted no-underline outline-none hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus"
    >
      <FlaskConical size={20} aria-hidden="true" />
      <span className="hidden whitespace-nowrap sm:inline" aria-hidden="true">
        {t('common.sandbox')}
      </span>
    </Link>
  );
});

const SignOutButton = memo(function SignOutButton() {
  const { t } = useTranslation();
  const logOut = useLogOut();
  return (
    <AriaButton
      onPress={() => void logOut()}
      aria-label={t('common.signOut')}
      className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold text-ink-muted outline-none data-[hovered]:bg-surface-muted data-[hovered]:text-ink data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
    >
      <LogOut size={20} aria-hidden="true" />
      <span className="hidden whitespace-nowrap sm:inline" aria-hidden="true">
        {t('common.signOut')}
      </span>
    </AriaButton>
  );
});

/**
 * Every navigation opens the new page at its top (decision 055): the browser keeps the window's scroll across the
 * SPA's page changes, so a page reached from the bottom of a long one opened part way down. Back and Forward (POP)
 * are left to the browser.
 */
function ScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * Every page sits in a centred card (document 1, section 2): full width on a phone, a card of at most
 * 32 rem from the small breakpoint up. Header with the mark and the language switch; version label below.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAuthValue((state) => state.loggedIn);
  const accountFrozen = useAuthValue((state) => state.accountFrozen);
  const flags = useFeatureFlags();
  const { data: config } = useAppConfig();
  const walletLaunch = walletLaunchAtBoot();
  const { pathname } = useLocation();
  const tallPage = TALL_PAGES.some((pattern) => matchPath(pattern, pathname));

  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <div className="flex min-h-dvh flex-col">
        <ScrollToTopOnNavigation />
        {walletLaunch ? (
          <Suspense fallback={null}>
            <WalletBoot launch={walletLaunch} />
          </Suspense>
        ) : null}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
        >
          {t('app.skipToContent')}
        </a>
        <header className="border-b border-line bg-surface">
          <div className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
            <Link
              to="/"
              className="-ml-1 flex min-h-11 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-ink no-underline"
            >
              <LogoMark />
              <span>{t('app.name')}</span>
            </Link>
            <div className="flex items-center gap-1 sm:gap-2">
              {flags.languageSelection ? <LanguageSwitch /> : null}
              {loggedIn && config?.sandbox === true && flags.sandboxPageInNav ? <SandboxLink /> : null}
              {loggedIn ? <SettingsLink /> : null}
              {loggedIn ? <SignOutButton /> : null}
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col items-center outline-none sm:px-6 sm:py-10">
          <div className="flex w-full flex-1 flex-col gap-4 sm:max-w-lg sm:flex-none">
            <div className="px-3 pt-3 empty:hidden sm:p-0">
              <GlobalAlert />
            </div>
            <div
              className={`flex-1 bg-surface px-5 py-8 ${tallPage ? 'min-h-dvh sm:min-h-0 ' : ''}sm:flex-none sm:rounded-2xl sm:border sm:border-line sm:px-8 sm:py-10 sm:shadow-sm`}
            >
              <Suspense fallback={<PageSkeleton />}>
                {accountFrozen ? (
                  <AccountFrozenScreen supportUrl={config?.supportUrl} sandbox={config?.sandbox === true} />
                ) : (
                  <Outlet />
                )}
              </Suspense>
            </div>
          </div>
        </main>
        <Footer />
      </div>
    </RouterProvider>
  );
}
