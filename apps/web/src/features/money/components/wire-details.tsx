import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { WithdrawForm } from '../use-withdraw-form';

/** The beneficiary's bank details of a wire withdrawal: a US wire's account and routing numbers, else IBAN and SWIFT. */
export function WireDetails({ form }: { form: WithdrawForm }) {
  const { t } = useTranslation('money', { useSuspense: true });
  const { details, errors, setDetail } = form;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-ink">{t('withdraw.bankDetails')}</legend>
      <TextField
        name="beneficiaryName"
        label={t('withdraw.beneficiaryName')}
        autoComplete="name"
        value={details.beneficiaryName}
        onChange={setDetail('beneficiaryName')}
        error={errors.beneficiaryName}
      />
      {form.method === 'primex_fedwire' ? (
        <>
          <TextField
            name="accountNumber"
            label={t('withdraw.accountNumber')}
            autoComplete="off"
            value={details.accountNumber}
            onChange={setDetail('accountNumber')}
            error={errors.accountNumber}
          />
          <TextField
            name="routingNumber"
            label={t('withdraw.routingNumber')}
            description={t('withdraw.routingHelp')}
            inputMode="numeric"
            autoComplete="off"
            value={details.routingNumber}
            onChange={setDetail('routingNumber')}
            error={errors.routingNumber}
          />
          <TextField
            name="achRoutingNumber"
            label={t('withdraw.achRoutingNumber')}
            description={t('withdraw.achRoutingHelp')}
            inputMode="numeric"
            autoComplete="off"
            value={details.achRoutingNumber}
            onChange={setDetail('achRoutingNumber')}
            error={errors.achRoutingNumber}
          />
        </>
      ) : (
        <>
          <TextField
            name="iban"
            label={t('withdraw.iban')}
            autoComplete="off"
            value={details.iban}
            onChange={setDetail('iban')}
            error={errors.iban}
          />
          <TextField
            name="swiftCode"
            label={t('withdraw.swiftCode')}
            description={t('withdraw.swiftHelp')}
            autoComplete="off"
            value={details.swiftCode}
            onChange={setDetail('swiftCode')}
            error={errors.swiftCode}
          />
        </>
      )}
    </fieldset>
  );
}
