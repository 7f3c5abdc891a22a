import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import type { PaymentMethodOption } from '../model/asset-options';
import { RadioDot, radioCardClassName } from './radio-card';

/**
 * "Pay with": the USD balance and each linked bank by ACH and instant ACH, as radio cards (React Aria RadioGroup:
 * arrow keys move, each card a 44 px+ target). Methods that cannot be used are left to the money pages.
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
  const { options, value, onChange, error, name = 'sellMethod', label } = props;
  return (
    <RadioGroup
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      aria-describedby={error ? fieldErrorId(name) : undefined}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-semibold text-ink">{label ?? t('buy.payWithLabel')}</Label>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <Radio key={option.key} value={option.key} isDisabled={option.disabled} className={radioCardClassName}>
            {({ isSelected }) => (
              <>
                <RadioDot isSelected={isSelected} />
                <img src={option.imageURL} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold break-words text-ink">{option.label}</span>
                  {option.description ? (
                    <span className="text-sm break-words text-ink-muted">{option.description}</span>
                  ) : null}
                </span>
              </>
            )}
          </Radio>
        ))}
      </div>
      <FieldError field={name} message={error} />
    </RadioGroup>
  );
}
