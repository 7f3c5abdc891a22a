import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import type { AssetOption, OptionSection } from '../model/asset-options';

/**
 * The asset to buy or sell: the browser's own select (decision 084), grouped by section ('Stablecoins',
 * 'Cryptocurrencies', …, highest priority first), the chosen asset's icon drawn beside its name. Disabled assets are
 * listed, disabled and marked "coming soon" (the "notify me" list below the field offers to hear about them).
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
  const id = useId();
  const { sections, value, onChange, error, name: field = 'buyAsset', label } = props;
  const name = (option: AssetOption) =>
    t('buy.assetOption', { asset: option.assetTickerDisplayName, network: option.networkDisplayName });
  const selected = sections.flatMap((section) => section.options).find((option) => option.key === value) ?? null;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1.5 text-sm font-semibold text-ink">
        {label ?? t('buy.assetLabel')}
      </label>
      <div className="relative">
        {selected ? (
          <img
            src={selected.imageURL}
            alt=""
            width={28}
            height={28}
            className="pointer-events-none absolute top-1/2 left-3.5 size-7 -translate-y-1/2 rounded-full"
          />
        ) : null}
        <select
          id={id}
          name={field}
          value={selected?.key ?? ''}
          onChange={(event) => {
            if (event.target.value !== '') onChange(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(field) : undefined}
          className={[
            'min-h-11 w-full cursor-pointer appearance-none truncate rounded-xl border bg-surface py-2 pr-10 text-base',
            'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus',
            selected ? 'pl-13 text-ink' : 'pl-3.5 text-ink-muted',
            error ? 'border-danger' : 'border-line-strong',
          ].join(' ')}
        >
          {selected ? null : (
            <option value="" disabled>
              {t('buy.assetPlaceholder')}
            </option>
          )}
          {sections.map((section) => (
            <optgroup key={section.section} label={t(`sections.${section.section}`)}>
              {section.options.map((option) => (
                <option key={option.key} value={option.key} disabled={option.disabled} className="text-ink">
                  {option.disabled ? t('buy.assetOptionUnavailable', { option: name(option) }) : name(option)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDown
          size={18}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-ink-muted"
        />
      </div>
      <FieldError field={field} message={error} />
    </div>
  );
}
