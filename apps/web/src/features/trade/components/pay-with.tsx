import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import type { PaymentMethodOption } from '../model/asset-options';
import { RadioDot, nativeRadioCardClassName } from '../../../components/ui/radio-card';

/**
 * "Pay with": the USD balance and each linked bank by ACH and instant ACH, as radio cards: the browser's own radio
 * inputs, one name for the group (arrow keys move, decision 084), each card the input's label and a 44 px+ target.
 * Methods that cannot be used are left to the money pages.
 */
export function PayWith(props: {
  options: readonly PaymentMethodOption[];
  value: string | null;
  onChange(key: string): void;
  error?: string | null;
  /** 'sellMethod' (what pays for a buy) by default; 'payout' for where a sell's dollars go. */
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const labelId = useId();
  const { options, value, onChange, error, name = 'sellMethod', label } = props;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={error ? fieldErrorId(name) : undefined}
      className="flex flex-col gap-2"
    >
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label ?? t('buy.payWithLabel')}
      </span>
      <div className="flex flex-col gap-2">
        {options.map((option) => {
          const isSelected = option.key === value;
          return (
            <label key={option.key} className={nativeRadioCardClassName({ isSelected, isDisabled: option.disabled })}>
              <input
                type="radio"
                name={name}
                value={option.key}
                checked={isSelected}
                disabled={option.disabled}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(option.key)}
                className="sr-only"
              />
              <RadioDot isSelected={isSelected} />
              <img src={option.imageURL} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold break-words text-ink">{option.label}</span>
                {option.description ? (
                  <span className="text-sm break-words text-ink-muted">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError field={name} message={error} />
    </div>
  );
}
