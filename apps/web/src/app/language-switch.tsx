import { useTranslation } from 'react-i18next';
import { ToggleButton } from 'react-aria-components';
import { currentLanguage, isLanguage, SUPPORTED_LANGUAGES } from '../lib/i18n';

/** R18: English / Español. The detector keeps the choice in localStorage; i18n sets <html lang>. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const selected = currentLanguage(i18n);
  const choose = (next: string) => {
    if (isLanguage(next) && next !== selected) void i18n.changeLanguage(next);
  };
  // Two toggle buttons in a labelled group rather than React Aria's ToggleButtonGroup: the group's arrow-key
  // toolbar brings React Aria's whole focus-scope module into the first chunk (the /auth budget, decision 026), and two
  // buttons are reached with Tab just as well.
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className="flex rounded-xl border border-line bg-surface-muted p-0.5"
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <ToggleButton
          key={lng}
          lang={lng}
          isSelected={lng === selected}
          onChange={() => choose(lng)}
          // A phone shows the short code; the name stays the button's label.
          aria-label={t(`language.${lng}`)}
          className="flex min-h-10 min-w-11 items-center justify-center rounded-[10px] px-2.5 text-sm font-semibold text-ink-muted outline-none data-[hovered]:text-ink data-[selected]:bg-surface data-[selected]:text-primary-ink data-[selected]:shadow-sm data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
        >
          <span aria-hidden="true" className="sm:hidden">
            {lng.toUpperCase()}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            {t(`language.${lng}`)}
          </span>
        </ToggleButton>
      ))}
    </div>
  );
}
