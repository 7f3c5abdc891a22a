import { useTranslation } from 'react-i18next';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { currentLanguage, isLanguage, SUPPORTED_LANGUAGES } from '../lib/i18n';

/** R18: English / Español. The detector keeps the choice in localStorage; i18n sets <html lang>. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const selected = currentLanguage(i18n);
  const onChange = (keys: Set<Key>) => {
    const [next] = [...keys];
    if (isLanguage(next) && next !== selected) void i18n.changeLanguage(next);
  };
  return (
    <ToggleButtonGroup
      aria-label={t('language.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selected]}
      onSelectionChange={onChange}
      className="flex rounded-xl border border-line bg-surface-muted p-0.5"
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <ToggleButton
          key={lng}
          id={lng}
          lang={lng}
          className="flex min-h-10 min-w-11 items-center justify-center rounded-[10px] px-2.5 text-sm font-semibold text-ink-muted outline-none data-[hovered]:text-ink data-[selected]:bg-surface data-[selected]:text-primary-ink data-[selected]:shadow-sm data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
        >
          {t(`language.${lng}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
