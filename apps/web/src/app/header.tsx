import { memo } from 'react';
import { FlaskConical, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { useLogOut } from '../features/auth/hooks/use-log-out';
import { LanguageSwitch as LanguageSwitchField } from './language-switch';

// Decision 043: the shell's parts render again only when their own state changes, not with the layout on every step of
// the session check (the language switch's React Aria toggle buttons were most of those synchronous renders).
const LanguageSwitch = memo(LanguageSwitchField);

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 23V9h8a5 5 0 0 1 1.6 9.7L22 23h-4l-3-4h-2v4zm4-7h4a2 2 0 0 0 0-4h-4z" className="fill-on-primary" />
    </svg>
  );
}

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
 * The header of every page: the mark, home; the language switch (flag "language selection"); and for a signed-in user
 * the sandbox screen (flag "sandbox page in nav", sandbox mode), Settings and Sign out.
 */
export const AppHeader = memo(function AppHeader({
  languageSelection,
  sandboxLink,
  loggedIn,
}: {
  languageSelection: boolean;
  sandboxLink: boolean;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
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
          {languageSelection ? <LanguageSwitch /> : null}
          {sandboxLink ? <SandboxLink /> : null}
          {loggedIn ? <SettingsLink /> : null}
          {loggedIn ? <SignOutButton /> : null}
        </div>
      </div>
    </header>
  );
});
