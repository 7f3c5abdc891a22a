import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { VERIFICATION_DOCUMENT_TYPES, type VerificationDocumentType } from '@rampart/contracts';
import { DateOfBirthPicker } from '../../../../components/ui/date-of-birth-picker';
import { FieldError, fieldErrorId } from '../../../../components/ui/field-error';
import { CountryPicker } from '../../details/country-picker';
import type { CaptureWidgetState } from './use-capture-widget';

type Props = Pick<
  CaptureWidgetState,
  | 'documentType'
  | 'country'
  | 'expiry'
  | 'errors'
  | 'expiryError'
  | 'busy'
  | 'tomorrow'
  | 'chooseDocumentType'
  | 'chooseCountry'
  | 'chooseExpiry'
>;

/** The capture's document section: its type, issuing country and expiry. */
export function DocumentFields({
  documentType,
  country,
  expiry,
  errors,
  expiryError,
  busy,
  tomorrow,
  chooseDocumentType,
  chooseCountry,
  chooseExpiry,
}: Props) {
  const { t } = useTranslation('idv', { useSuspense: true });
  return (
    <fieldset className="flex flex-col gap-4" disabled={busy}>
      <legend className="mb-3 text-lg font-bold text-ink">{t('widget.documentSection')}</legend>
      <RadioGroup
        value={documentType}
        onChange={(value) => chooseDocumentType(value as VerificationDocumentType)}
        isInvalid={!!errors.documentType}
        isDisabled={busy}
        aria-describedby={errors.documentType ? fieldErrorId('documentType') : undefined}
        className="flex flex-col"
      >
        <Label className="mb-1.5 text-sm font-semibold text-ink">{t('widget.documentType')}</Label>
        <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
          {VERIFICATION_DOCUMENT_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              className={[
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-base text-ink outline-none',
                'data-[selected]:border-primary data-[selected]:bg-primary-soft data-[selected]:font-semibold',
                'data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus data-[disabled]:opacity-50',
                errors.documentType ? 'border-danger' : 'border-line-strong',
              ].join(' ')}
            >
              {({ isSelected }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={[
                      'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2',
                      isSelected ? 'border-primary' : 'border-line-strong',
                    ].join(' ')}
                  >
                    {isSelected ? <span className="h-2.5 w-2.5 rounded-full bg-primary" /> : null}
                  </span>
                  {t(`documentTypes.${type}`)}
                </>
              )}
            </Radio>
          ))}
        </div>
        <FieldError field="documentType" message={errors.documentType} />
      </RadioGroup>

      <CountryPicker
        label={t('widget.country')}
        value={country}
        onChange={chooseCountry}
        restricted="disable"
        errorMessage={errors.documentCountry}
        testId="documentCountry"
        isRequired
      />

      <DateOfBirthPicker
        label={t('widget.expiry')}
        name="documentExpiration"
        value={expiry}
        onChange={chooseExpiry}
        minValue={tomorrow}
        error={expiryError}
        description={t('widget.expiryHint')}
        isRequired
      />
    </fieldset>
  );
}
