import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_CONFIRM_HOURS, WITHDRAWAL_METHOD_KEYS } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { formatUsd } from '../../lib/format';
import { AmountLines } from './components/amount-lines';
import { BankChoice } from './components/bank-choice';
import { MethodChoice } from './components/method-choice';
import { PageHeader } from './components/page-header';
import { WireDetails } from './components/wire-details';
import { WithdrawRequested } from './components/withdraw-requested';
import { methodName } from './method-text';
import { knownFee } from './money-math';
import { WITHDRAW_PATH } from './paths';
import { useWithdrawForm } from './use-withdraw-form';

/**
 * /money/withdraw (R13): ACH to a linked bank, US wire, international wire. The bank-detail rules and messages of
 * document 2, section 5 (ABA checksum, IBAN and SWIFT through the shared rules, R9), the amount plus its fee within
 * the available balance; then the user confirms from the email within 24 hours.
 */
export function WithdrawPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const form = useWithdrawForm();
  const { method, lines, errors } = form;

  if (form.requested) return <WithdrawRequested requested={form.requested} />;

  return (
    <form onSubmit={form.submit} noValidate className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('withdraw.title')} intro={t('withdraw.intro')} />
      <p className="text-base text-ink" data-testid="withdraw-available">
        {form.available !== null
          ? t('withdraw.available', { amount: formatUsd(form.available) })
          : t('balance.loading')}
      </p>
      <MethodChoice
        label={t('withdraw.methodLabel')}
        methods={WITHDRAWAL_METHOD_KEYS}
        value={method}
        onChange={form.chooseMethod}
        error={errors.method}
      />

      {method === 'primex_ach' ? (
        <BankChoice
          label={t('banks.toLabel')}
          value={form.bankId}
          onChange={form.setBankId}
          error={errors.fundsTransferMethodId}
          returnTo={WITHDRAW_PATH}
        />
      ) : null}
      {form.isWire ? <WireDetails form={form} /> : null}

      {method !== null ? (
        <>
          <TextField
            name="amount"
            label={t('withdraw.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            onChange={form.changeAmount}
            error={errors.amount}
          />
          <AmountLines
            testId="withdraw-lines"
            lines={[
              { label: t('breakdown.bankReceives'), cents: lines?.amount ?? null },
              { label: t('breakdown.fee', { method: methodName(t, method) }), cents: lines?.fee ?? knownFee(method) },
              { label: t('breakdown.fromBalance'), cents: lines?.total ?? null, total: true },
            ]}
          />
          <p className="text-sm text-ink-muted">{t('withdraw.confirmNotice', { hours: WITHDRAWAL_CONFIRM_HOURS })}</p>
        </>
      ) : null}

      <Button type="submit" fullWidth isDisabled={form.submitting || method === null}>
        {t('withdraw.submit')}
      </Button>
    </form>
  );
}
