import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TransferView } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { formatDate, formatDateTime, formatUsd } from '../../../lib/format';
import { methodName } from '../method-text';
import { StatusBadge } from './status-badge';

/** A deposit not yet in the balance, or a withdrawal not yet sent, can be cancelled (the server has the last word). */
export function isCancellable(transfer: TransferView): boolean {
  return transfer.status === 'pending' && !transfer.fundsAvailable;
}

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

export function HistorySkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3" data-testid="history-skeleton">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-line p-4">
          <Bar className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Bar className="h-4 w-1/2" />
            <Bar className="h-3 w-1/3" />
          </div>
          <Bar className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}

/** The bank, card or beneficiary, with the last 4 digits once ("Visa 4242" already has them). */
export function destinationText(ref: TransferView['methodRef']): string {
  if (!ref.last4 || ref.label?.endsWith(ref.last4)) return ref.label ?? '';
  return [ref.label, `••••${ref.last4}`].filter(Boolean).join(' ');
}

/** The line under a transfer that says where it stands in time (document 2, section 9's settlement times). */
function whenText(t: ReturnType<typeof useTranslation<'money'>>['t'], transfer: TransferView): string {
  if (transfer.status === 'settled' && transfer.settledAt)
    return t('history.settledOn', { date: formatDateTime(transfer.settledAt) });
  if (transfer.status === 'cancelled' && transfer.cancelledAt)
    return t('history.cancelledOn', { date: formatDateTime(transfer.cancelledAt) });
  if (transfer.status === 'reversed' && transfer.reversedAt)
    return t('history.reversedOn', { date: formatDateTime(transfer.reversedAt) });
  if (transfer.status === 'pending' && transfer.confirmation === 'required' && transfer.confirmBy) {
    return t('history.confirmBy', { date: formatDateTime(transfer.confirmBy) });
  }
  if (transfer.status === 'pending' && transfer.fundsAvailable && transfer.settlesAt) {
    return t('history.availableNow', { date: formatDate(transfer.settlesAt) });
  }
  if (transfer.status === 'pending' && transfer.settlesAt)
    return t('history.expected', { date: formatDate(transfer.settlesAt) });
  return t('history.startedOn', { date: formatDateTime(transfer.createdAt) });
}

export function TransferItem({
  transfer,
  onCancel,
}: {
  transfer: TransferView;
  onCancel(transfer: TransferView): void;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  const deposit = transfer.direction === 'contribution';
  const Icon = deposit ? ArrowDownLeft : ArrowUpRight;
  const destination = destinationText(transfer.methodRef);
  return (
    <li data-testid="transfer" className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={[
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            deposit ? 'bg-success-soft text-success' : 'bg-primary-soft text-primary-ink',
          ].join(' ')}
        >
          <Icon size={20} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-ink">
              {t(deposit ? 'history.deposit' : 'history.withdrawal', { method: methodName(t, transfer.methodKey) })}
            </span>
            <StatusBadge status={transfer.status} />
          </div>
          {destination ? <span className="text-sm break-words text-ink-muted">{destination}</span> : null}
          <span className="text-sm text-ink-muted">{whenText(t, transfer)}</span>
        </div>
        <span
          className={[
            'shrink-0 text-right font-semibold tabular-nums',
            transfer.status === 'cancelled' ? 'text-ink-muted line-through' : 'text-ink',
          ].join(' ')}
        >
          {formatUsd(transfer.amount)}
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 border-t border-line pt-2 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">{t('history.amount')}</dt>
          <dd className="text-ink tabular-nums">{formatUsd(transfer.amount)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">{t('history.fee')}</dt>
          <dd className="text-ink tabular-nums">{formatUsd(transfer.fee)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">{t('history.net')}</dt>
          <dd className="text-ink tabular-nums">{formatUsd(transfer.net)}</dd>
        </div>
      </dl>
      {isCancellable(transfer) ? (
        <Button
          variant="secondary"
          onPress={() => onCancel(transfer)}
          className="self-start"
          aria-label={t('history.cancelLabel', {
            method: methodName(t, transfer.methodKey),
            amount: formatUsd(transfer.amount),
          })}
        >
          {t('history.cancel')}
        </Button>
      ) : null}
    </li>
  );
}
