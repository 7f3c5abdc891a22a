import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { countryMatches, countryOptions, flagUrl, withPrimaryFirst, type CountryOption } from './countries';
import { SearchableComboBox } from './searchable-combo-box';

export interface CountryPickerProps {
  label: string;
  /** ISO 3166-1 alpha-2 code, or null when nothing is chosen. */
  value: string | null;
  onChange(code: string | null): void;
  /**
   * Restricted countries (RESTRICTED_COUNTRIES): 'disable' lists them greyed out with '(Not Supported)' (the
   * address country), 'exclude' leaves them out (the phone country). Default 'disable'.
   */
  restricted?: 'disable' | 'exclude';
  errorMessage?: string;
  /**
   * The field's name for tests: the picker carries `data-testid={testId}` and its message
   * `data-testid="field-error-<testId>"`. Default 'country'.
   */
  testId?: string;
  isRequired?: boolean;
  /** Countries listed first, in this order, above the alphabetical rest (the address country's primary ones). */
  primary?: readonly string[];
}

export function Flag({ code, className }: { code: string | null; className?: string }) {
  const url = code ? flagUrl(code) : undefined;
  const size = ['h-4 w-6 shrink-0 rounded-sm', className ?? ''].join(' ');
  // Decorative: the country's name is always next to it.
  if (!url) return <span aria-hidden="true" className={[size, 'bg-surface-muted ring-1 ring-line'].join(' ')} />;
  return (
    <img
      src={url}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      className={[size, 'object-cover ring-1 ring-line'].join(' ')}
    />
  );
}

/**
 * A searchable country list: typing filters by the name in the user's language (accents ignored, aliases like
 * 'USA' included) or by the ISO code; each option shows its flag, and so does the input once chosen.
 */
export function CountryPicker({
  label,
  value,
  onChange,
  restricted = 'disable',
  errorMessage,
  testId = 'country',
  isRequired,
  primary,
}: CountryPickerProps) {
  const { t, i18n } = useTranslation('kycForm', { useSuspense: true });
  const language = currentLanguage(i18n);
  const items = useMemo(() => {
    const all = primary ? withPrimaryFirst(countryOptions(language), primary) : countryOptions(language);
    return restricted === 'exclude' ? all.filter((option) => !option.restricted) : all;
  }, [language, restricted, primary]);
  const disabledKeys = useMemo(
    () => (restricted === 'disable' ? items.filter((option) => option.restricted).map((option) => option.code) : []),
    [items, restricted],
  );
  const selected = value && items.some((option) => option.code === value) ? value : null;

  return (
    <SearchableComboBox<CountryOption>
      // A new language renames every option, the chosen one included: start the field afresh.
      key={language}
      label={label}
      items={items}
      selectedKey={selected}
      onChange={onChange}
      disabledKeys={disabledKeys}
      filter={countryMatches}
      placeholder={t('country.placeholder')}
      showAllLabel={t('country.showAll')}
      noMatch={t('country.noMatch')}
      errorMessage={errorMessage}
      errorField={testId}
      testId={testId}
      isRequired={isRequired}
      leading={<Flag code={selected} />}
      renderOption={(option) => (
        <>
          <Flag code={option.code} className={option.restricted ? 'opacity-50' : ''} />
          <span className="min-w-0 flex-1">
            {option.restricted && restricted === 'disable' ? `${option.name} ${t('notSupported')}` : option.name}
          </span>
        </>
      )}
    />
  );
}
