import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatAmount } from '../../../lib/format';
import type { AssetDepositState } from '../use-asset-deposit';

/** Sandbox mode: a deposit to the shown address made to arrive (not below the network's minimum). */
export function SimulateDeposit({
  deposit,
  unit,
  minimum,
  failure,
}: {
  deposit: AssetDepositState;
  unit: string;
  minimum: string;
  failure: (error: unknown) => string;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    deposit.simulate();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-dashed border-line p-3"
      data-testid="deposit-simulate"
    >
      <p className="text-sm text-ink-muted">{t('addAssets.sandbox.intro')}</p>
      <TextField
        name="deposit-amount"
        label={t('addAssets.sandbox.amount', { asset: unit })}
        inputMode="decimal"
        value={deposit.amount}
        onChange={deposit.setAmount}
        error={
          deposit.amountProblem === 'invalid'
            ? t('addAssets.sandbox.amountInvalid')
            : deposit.amountProblem === 'belowMinimum'
              ? t('addAssets.sandbox.belowMinimum', { amount: formatAmount(minimum, { ticker: unit }) })
              : deposit.simulation.error
                ? failure(deposit.simulation.error)
                : null
        }
      />
      <Button type="submit" variant="secondary" isDisabled={deposit.simulation.isPending}>
        {deposit.simulation.isPending ? t('addAssets.sandbox.sending') : t('addAssets.sandbox.submit')}
      </Button>
      <p role="status" className="text-sm text-ink" data-testid="deposit-arrived">
        {deposit.arrived
          ? t('addAssets.sandbox.arrived', { amount: formatAmount(deposit.arrived.amount, { ticker: unit }) })
          : ''}
      </p>
    </form>
  );
}
