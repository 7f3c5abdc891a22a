import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useHref } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { Footer } from './footer';
import { GlobalAlert as GlobalAlertField } from './global-alert';
import { AppHeader } from './header';
import { useLayout, useScrollToTopOnNavigation } from './use-layout';

// R5: rarely seen, so it loads when an account is found frozen rather than with every page.
// The wallet mode's start (adapters, SDK) loads only when the wallet opened the app (decision 034).
const WalletBoot = lazy(async () => ({ default: (await import('../features/wallet-app/wallet-boot')).WalletBoot }));
const AccountFrozenScreen = lazy(async () => ({
  default: (await import('../features/auth/account-frozen-screen')).AccountFrozenScreen,
}));

// Decision 043: the shell's parts render again only when their own state changes, not with the layout on every step of
// the session check.
const GlobalAlert = memo(GlobalAlertField);

/** The scroll reset on navigation, rendered first so it runs before the page's own layout effects (decision 055). */
function ScrollToTopOnNavigation() {
  useScrollToTopOnNavigation();
  return null;
}

/**
 * Every page sits in a centred card (document 1, section 2): full width on a phone, a card of at most
 * 32 rem from the small breakpoint up. Header with the mark and the language switch; version label below. Its state
 * is in `use-layout.ts`, the header in `header.tsx` and the footer in `footer.tsx`.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { navigate, loggedIn, accountFrozen, languageSelection, sandboxLink, config, walletLaunch, tallPage } =
    useLayout();

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
        <AppHeader languageSelection={languageSelection} sandboxLink={sandboxLink} loggedIn={loggedIn} />
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
