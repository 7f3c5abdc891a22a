import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isRestrictedRegion, REGIONS, type RegionCountry } from '@rampart/contracts';
import { foldForSearch } from './countries';
import { SearchableComboBox } from './searchable-combo-box';

interface RegionOption {
  code: string;
  name: string;
  restricted: boolean;
}

export interface RegionPickerProps {
  label: string;
  country: RegionCountry;
  value: string | null;
  onChange(code: string | null): void;
  errorMessage?: string;
  /** The error's test id is `field-error-<name>`. */
  name: string;
  isRequired?: boolean;
}

/**
 * The Tax Region/State of a country with a region list (US, CA, GB): searchable by name or code; restricted US
 * states (HI, NY, SD, TX) are listed, disabled and labelled '(Not Supported)'.
 */
export function RegionPicker({ label, country, value, onChange, errorMessage, name, isRequired }: RegionPickerProps) {
  const { t, i18n } = useTranslation('kycForm', { useSuspense: true });
  const items = useMemo<RegionOption[]>(() => {
    const regions: Record<string, string> = REGIONS[country];
    return Object.entries(regions)
      .map(([code, english]) => ({
        code,
        // Spanish has its own names for some (Nueva York, Escocia); the others are the same in both languages.
        name: t(`regionNames.${country}.${code}`, { defaultValue: english }),
        restricted: isRestrictedRegion(country, code),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [country, t]);
  const disabledKeys = useMemo(() => items.filter((option) => option.restricted).map((option) => option.code), [items]);
  const selected = value && items.some((option) => option.code === value) ? value : null;

  return (
    <SearchableComboBox<RegionOption>
      key={i18n.language}
      label={label}
      items={items}
      selectedKey={selected}
      onChange={onChange}
      disabledKeys={disabledKeys}
      filter={(option, inputValue) => {
        const query = foldForSearch(inputValue);
        return query === '' || option.code.toLowerCase() === query || foldForSearch(option.name).includes(query);
      }}
      placeholder={t('region.placeholder')}
      showAllLabel={t('region.showAll')}
      noMatch={t('region.noMatch')}
      errorMessage={errorMessage}
      errorField={name}
      isRequired={isRequired}
      renderOption={(option) => (option.restricted ? `${option.name} ${t('notSupported')}` : option.name)}
    />
  );
}
