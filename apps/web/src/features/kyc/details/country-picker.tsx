import { useMemo } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  ComboBox,
  Group,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { currentLanguage } from '../../../lib/i18n';
import { countryMatches, countryOptions, flagUrl, type CountryOption } from './countries';

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
}

export function Flag({ code, className }: { code: string | null; className?: string }) {
  const url = code ? flagUrl(code) : undefined;
  const size = ['h-4 w-6 shrink-0 rounded-sm', className ?? ''].join(' ');
  // Decorative: the country's name is always next to it.
  if (!url) return <span aria-hidden="true" className={[size, 'bg-surface-muted ring-1 ring-line'].join(' ')} />;
  return <img src={url} alt="" width={24} height={16} loading="lazy" decoding="async" className={[size, 'object-cover ring-1 ring-line'].join(' ')} />;
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
}: CountryPickerProps) {
  const { t, i18n } = useTranslation('kycForm', { useSuspense: true });
  const language = currentLanguage(i18n);
  const items = useMemo(() => {
    const all = countryOptions(language);
    return restricted === 'exclude' ? all.filter((option) => !option.restricted) : all;
  }, [language, restricted]);
  const byName = useMemo(() => new Map(items.map((option) => [option.name, option])), [items]);
  const disabledKeys = useMemo(
    () => (restricted === 'disable' ? items.filter((option) => option.restricted).map((option) => option.code) : []),
    [items, restricted],
  );
  const selected = value && items.some((option) => option.code === value) ? value : null;
  const errorId = fieldErrorId(testId);

  return (
    <ComboBox<CountryOption>
      // A new language renames every option, the chosen one included: start the field afresh.
      key={language}
      defaultItems={items}
      selectedKey={selected}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      disabledKeys={disabledKeys}
      defaultFilter={(textValue, inputValue) => {
        const option = byName.get(textValue);
        return option ? countryMatches(option, inputValue) : true;
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      data-testid={testId}
      className="flex flex-col"
    >
      <Label className="mb-1.5 text-sm font-semibold text-ink">{label}</Label>
      <Group
        className={[
          'flex min-h-11 w-full items-center gap-2 rounded-xl border bg-surface pl-3.5 text-base text-ink',
          'data-[focus-within]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus',
          errorMessage ? 'border-danger' : 'border-line-strong',
        ].join(' ')}
      >
        <Flag code={selected} />
        <Input
          aria-describedby={errorMessage ? errorId : undefined}
          placeholder={t('country.placeholder')}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-base text-ink outline-none placeholder:text-ink-muted"
        />
        <AriaButton
          aria-label={t('country.showAll')}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink outline-none data-[hovered]:bg-surface-muted data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
        >
          <ChevronDown size={20} aria-hidden="true" />
        </AriaButton>
      </Group>
      <FieldError field={testId} message={errorMessage} id={errorId} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-xl bg-surface shadow-xl ring-1 ring-line" placement="bottom start">
        <ListBox<CountryOption> className="max-h-72 outline-none" renderEmptyState={() => <p className="px-3.5 py-3 text-sm text-ink-muted">{t('country.noMatch')}</p>}>
          {(option) => (
            <ListBoxItem
              id={option.code}
              textValue={option.name}
              className="flex min-h-11 cursor-default items-center gap-3 px-3.5 py-2 text-base text-ink outline-none data-[focused]:bg-primary-soft data-[selected]:font-semibold data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted"
            >
              <Flag code={option.code} className={option.restricted ? 'opacity-50' : ''} />
              <span className="min-w-0 flex-1">
                {option.restricted && restricted === 'disable' ? `${option.name} ${t('notSupported')}` : option.name}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
