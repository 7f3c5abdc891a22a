import { useTranslation } from 'react-i18next';
import { TRANSFER_METHODS } from '@rampart/contracts';
import { TextField } from '../../../components/ui/text-field';
import { formatUsd } from '../../../lib/format';
import { methodName } from '../method-text';
import { knownFee } from '../money-math';
import type { DepositForm } from '../use-deposit-form';
import { AmountLines } from './amount-lines';

/**
 * The deposit's amount, the fee on its own line and the total (for a wire: what reaches the balance after its fee),
 * when it is expected, and what is left of the method's weekly limit (decision 053).
 */
export function DepositAmount({ form }: { form: DepositForm }) {
  const { t } = useTranslation('money', { useSuspense: true });
  const { method, lines, isWire, isCard, weekly, wireBelowFee } = form;
  if (method === null) return null;
  const fee = {
    label: t('breakdown.fee', { method: methodName(t, method) }),
    cents: lines?.fee ?? knownFee(method),
  };
  return (
    <>
      <TextField
        name="amount"
        label={t(isWire ? 'deposit.wireAmountLabel' : 'deposit.amountLabel')}
        description={isWire ? t('deposit.wireAmountHelp') : undefined}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onChange={form.changeAmount}
        error={form.errors.amount ?? (wireBelowFee ? t('messages.amountBelowFee') : null)}
      />
      <AmountLines
        testId="deposit-lines"
        lines={
          isWire
            ? [
                { label: t('breakdown.youSend'), cents: lines?.amount ?? null },
                fee,
                {
                  label: t('breakdown.toBalance'),
                  cents: lines && !wireBelowFee ? lines.amount - lines.fee : null,
                  total: true,
                },
              ]
            : [
                { label: t('breakdown.toBalance'), cents: lines?.amount ?? null },
                fee,
                {
                  label: t(isCard ? 'breakdown.totalCard' : 'breakdown.totalBank'),
                  cents: lines?.total ?? null,
                  total: true,
                },
              ]
        }
      />
      <p className="text-sm text-ink-muted" data-testid="expected">
        {isWire
          ? t('deposit.expectedWire', { settlement: t(`settlements.${TRANSFER_METHODS[method].settlementText}`) })
          : form.expectedText(method)}
      </p>
      {weekly ? (
        <p className="text-sm text-ink-muted" data-testid="limit-remaining">
          {t('deposit.limitRemaining', {
            amount: formatUsd(weekly.remaining),
            limit: formatUsd(weekly.limit),
            method: methodName(t, method),
          })}
        </p>
      ) : null}
    </>
  );
}
