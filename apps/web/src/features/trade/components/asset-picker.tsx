import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import type { AssetOption, OptionSection } from '../model/asset-options';

function AssetIcon({ option }: { option: AssetOption }) {
  return <img src={option.imageURL} alt="" width={28} height={28} className="size-7 shrink-0 rounded-full" />;
}

/**
 * The asset to buy: a React Aria Select grouped by section ('Stablecoins', 'Cryptocurrencies', …, highest priority
 * first). Disabled assets are listed, disabled (the "notify me" list below the field offers to hear about them).
 */
export function AssetPicker(props: {
  sections: readonly OptionSection[];
  value: string | null;
  onChange(key: string): void;
  error?: string | null;
  /** The field's name (and its error's test id): 'buyAsset' on /trade/buy, 'sellAsset' on /trade/sell. */
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { sections, value, onChange, error, name: field = 'buyAsset', label } = props;
  const disabledKeys = sections.flatMap((section) =>
    section.options.filter((option) => option.disabled).map((option) => option.key),
  );
  const name = (option: AssetOption) =>
    t('buy.assetOption', { asset: option.assetTickerDisplayName, network: option.networkDisplayName });
  return (
    <Select
      name={field}
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      disabledKeys={disabledKeys}
      isInvalid={!!error}
      placeholder={t('buy.assetPlaceholder')}
      aria-describedby={error ? fieldErrorId(field) : undefined}
      className="flex flex-col"
    >
      <Label className="mb-1.5 text-sm font-semibold text-ink">{label ?? t('buy.assetLabel')}</Label>
      <Button
        className={[
          'flex min-h-11 w-full items-center justify-between gap-3 rounded-xl border bg-surface px-3.5 py-2 text-left text-base text-ink outline-none',
          'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-focus',
          error ? 'border-danger' : 'border-line-strong',
        ].join(' ')}
      >
        <SelectValue<AssetOption> className="flex min-w-0 items-center gap-3 truncate data-[placeholder]:text-ink-muted">
          {({ selectedItem, defaultChildren }) =>
            selectedItem ? (
              <>
                <AssetIcon option={selectedItem} />
                <span className="truncate">{name(selectedItem)}</span>
              </>
            ) : (
              defaultChildren
            )
          }
        </SelectValue>
        <ChevronDown size={18} aria-hidden="true" className="shrink-0 text-ink-muted" />
      </Button>
      <FieldError field={field} message={error} />
      <Popover className="max-h-80 w-(--trigger-width) overflow-auto rounded-xl border border-line bg-surface p-1 shadow-lg outline-none">
        <ListBox className="outline-none">
          {sections.map((section) => (
            <ListBoxSection key={section.section} id={section.section}>
              <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                {t(`sections.${section.section}`)}
              </Header>
              {section.options.map((option) => (
                <ListBoxItem
                  key={option.key}
                  id={option.key}
                  value={option}
                  textValue={name(option)}
                  className={({ isFocused, isSelected, isDisabled }) =>
                    [
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-base outline-none',
                      isFocused ? 'bg-primary-soft' : '',
                      isSelected ? 'font-semibold text-ink' : 'text-ink',
                      isDisabled ? 'cursor-not-allowed opacity-60' : '',
                    ].join(' ')
                  }
                >
                  <AssetIcon option={option} />
                  <span className="min-w-0 truncate">{name(option)}</span>
                  {option.disabled ? (
                    <span className="ml-auto shrink-0 text-sm text-ink-muted">{t('buy.unavailableHeading')}</span>
                  ) : null}
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
