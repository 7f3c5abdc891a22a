import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { KYC_SEXES } from '@rampart/contracts';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';

/** The sex of the fuller profile (flag "KYC individual", docs/feature-flags.md): one of the contracts' choices. */
export function SexField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  return (
    <RadioGroup
      name="sex"
      value={value === '' ? null : value}
      onChange={onChange}
      isRequired
      isInvalid={!!error}
      aria-describedby={error ? fieldErrorId('sex') : undefined}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-semibold text-ink">{t('details.sex')}</Label>
      <div className="flex flex-wrap gap-2">
        {KYC_SEXES.map((option) => (
          <Radio
            key={option}
            value={option}
            className={({ isSelected, isFocusVisible }) =>
              [
                'flex min-h-11 cursor-pointer items-center rounded-xl border px-4 font-semibold text-ink outline-none',
                isSelected
                  ? 'border-primary bg-primary-soft'
                  : 'border-line-strong bg-surface data-[hovered]:bg-surface-muted',
                isFocusVisible ? 'outline-3 outline-offset-2 outline-focus' : '',
              ].join(' ')
            }
          >
            {t(`details.sexes.${option}`)}
          </Radio>
        ))}
      </div>
      <FieldError field="sex" message={error} />
    </RadioGroup>
  );
}
