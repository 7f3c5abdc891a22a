import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkButton } from '../../../components/ui/link-button';
import { formatUsd } from '../../../lib/format';
import { methodName } from '../method-text';
import { DEPOSIT_PATH } from '../paths';
import { useTransferHistory } from '../use-transfer-history';
import { HistorySkeleton, TransferItem } from './transfer-item';

/** The user's deposits and withdrawals, newest first, with their state; a pending one can be cancelled. */
export function TransferHistory() {
  const { t } = useTranslation('money', { useSuspense: true });
  const { transfers, cancelling, ...history } = useTransferHistory();

  let body;
  if (transfers.isPending) body = <HistorySkeleton label={t('history.loading')} />;
  else if (transfers.error) {
    body = (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger bg-danger-soft p-4 text-danger">
        <p className="text-sm font-medium">{t('history.failed', { details: history.failure(transfers.error) })}</p>
        <Button variant="secondary" onPress={() => void transfers.refetch()} className="self-start">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (transfers.data.length === 0) {
    body = (
      <div
        data-testid="history-empty"
        className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line-strong p-5"
      >
        <p className="font-semibold text-ink">{t('history.emptyTitle')}</p>
        <p className="text-sm text-ink-muted">{t('history.emptyText')}</p>
        <LinkButton to={DEPOSIT_PATH} variant="secondary">
          {t('history.emptyAction')}
        </LinkButton>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {transfers.data.map((transfer) => (
          <TransferItem key={transfer.transferId} transfer={transfer} onCancel={history.askToCancel} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3">
      <h2 id="history-heading" className="text-lg font-semibold text-ink">
        {t('history.heading')}
      </h2>
      {body}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('history.cancelTitle')}
        message={
          cancelling
            ? t(
                cancelling.direction === 'contribution' ? 'history.cancelDepositText' : 'history.cancelWithdrawalText',
                {
                  amount: formatUsd(cancelling.amount),
                  method: methodName(t, cancelling.methodKey),
                },
              )
            : null
        }
        confirmLabel={t('history.confirmCancel')}
        cancelLabel={t('history.keep')}
        isPending={history.pending}
        onConfirm={history.confirmCancel}
        onCancel={history.keep}
      />
    </section>
  );
}
