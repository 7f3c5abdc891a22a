import { useMemo } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, ComboBox, Group, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { isRestrictedRegion, REGIONS, type RegionCountry } from '@rampart/contracts';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { foldForSearch } from './countries';

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
  const byName = useMemo(() => new Map(items.map((option) => [option.name, option])), [items]);
  const disabledKeys = useMemo(() => items.filter((option) => option.restricted).map((option) => option.code), [items]);
  const selected = value && items.some((option) => option.code === value) ? value : null;
  const errorId = fieldErrorId(name);

  return (
    <ComboBox<RegionOption>
      key={i18n.language}
      defaultItems={items}
      selectedKey={selected}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      disabledKeys={disabledKeys}
      defaultFilter={(textValue, inputValue) => {
        const option = byName.get(textValue);
        const query = foldForSearch(inputValue);
        if (!option || query === '') return true;
        return option.code.toLowerCase() === query || foldForSearch(option.name).includes(query);
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className="flex flex-col"
    >
      <Label className="mb-1.5 text-sm font-semibold text-ink">{label}</Label>
      <Group
        className={[
          'flex min-h-11 w-full items-center rounded-xl border bg-surface pl-3.5 text-base text-ink',
          'data-[focus-within]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus',
          errorMessage ? 'border-danger' : 'border-line-strong',
        ].join(' ')}
      >
        <Input
          aria-describedby={errorMessage ? errorId : undefined}
          placeholder={t('region.placeholder')}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-base text-ink outline-none placeholder:text-ink-muted"
        />
        <AriaButton
          aria-label={t('region.showAll')}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink outline-none data-[hovered]:bg-surface-muted data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
        >
          <ChevronDown size={20} aria-hidden="true" />
        </AriaButton>
      </Group>
      <FieldError field={name} message={errorMessage} id={errorId} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-xl bg-surface shadow-xl ring-1 ring-line" placement="bottom start">
        <ListBox<RegionOption>
          className="max-h-72 outline-none"
          renderEmptyState={() => <p className="px-3.5 py-3 text-sm text-ink-muted">{t('region.noMatch')}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.code}
              textValue={option.name}
              className="flex min-h-11 cursor-default items-center px-3.5 py-2 text-base text-ink outline-none data-[focused]:bg-primary-soft data-[selected]:font-semibold data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted"
            >
              {option.restricted ? `${option.name} ${t('notSupported')}` : option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
