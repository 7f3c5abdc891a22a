import { useTranslation } from 'react-i18next';
import type { AssetWithdrawal } from '@rampart/contracts';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { ASSET_WITHDRAW_FOCUS } from '../use-withdraw-asset-form';

/**
 * The asset withdrawal just requested: to confirm from the email, or when it will be sent. It takes focus as it
 * appears.
 */
export function AssetWithdrawalDone({ done }: { done: AssetWithdrawal }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <p
      id={ASSET_WITHDRAW_FOCUS.done}
      tabIndex={-1}
      role="status"
      data-testid="asset-withdrawal-done"
      className="rounded-xl border border-line bg-surface-muted p-3 text-base text-ink outline-none"
    >
      {done.status === 'awaiting_confirmation'
        ? t('assetWithdraw.checkEmail', { amount: formatAmount(done.amount, { ticker: done.assetTicker }) })
        : t('assetWithdraw.requested', {
            amount: formatAmount(done.amount, { ticker: done.assetTicker }),
            time: formatDateTime(done.expectedBy),
          })}
    </p>
  );
}

/** The asset withdrawals made, with their status, address and transaction hash. */
export function AssetWithdrawals({ withdrawals }: { withdrawals: readonly AssetWithdrawal[] | undefined }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <section aria-labelledby="asset-withdrawals-heading" className="flex flex-col gap-3">
      <h2 id="asset-withdrawals-heading" className="text-lg font-semibold text-ink">
        {t('assetWithdraw.listHeading')}
      </h2>
      {withdrawals && withdrawals.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line" data-testid="asset-withdrawals">
          {withdrawals.map((w) => (
            <li key={w.withdrawalId} className="flex flex-col gap-0.5 py-2">
              <span className="font-semibold text-ink">{formatAmount(w.amount, { ticker: w.assetTicker })}</span>
              <span className="text-sm text-ink-muted">
                {t(`assetWithdraw.status.${w.status}`)} · {formatDateTime(w.createdAt)}
              </span>
              <span className="font-mono text-xs break-all text-ink-muted">{w.address}</span>
              {w.txHash ? (
                <span className="font-mono text-xs break-all text-ink-muted">
                  {t('assetWithdraw.txHash', { hash: w.txHash })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{t('assetWithdraw.listEmpty')}</p>
      )}
    </section>
  );
}
