import { Check, Circle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ORDER_FINAL_STATUSES, ORDER_STEPS, type OrderStatus, type PublicOrder } from '@rampart/contracts';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { formatAssetAmount } from './trade-lines';

const EXITS: readonly OrderStatus[] = ['cancelled', 'expired', 'failed', 'refunded'];

export function isFinal(status: OrderStatus): boolean {
  return (ORDER_FINAL_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * The steps to draw: the side's happy path (done with its time, or still to come), then any exit entered. A step
 * before the last one reached that the order never entered was not needed (a buy paid from the USD balance never
 * waits for a payment, a sell from holdings never waits for a deposit): it is left out, not shown as still to come.
 */
export function timelineSteps(order: Pick<PublicOrder, 'side' | 'status' | 'timeline'>) {
  const at = new Map(order.timeline.map((entry) => [entry.status, entry.at] as const));
  const exited = order.timeline.some((entry) => EXITS.includes(entry.status));
  const steps: readonly OrderStatus[] = ORDER_STEPS[order.side];
  const reached = steps.findLastIndex((status) => at.has(status));
  const path = steps
    .filter((status, index) => at.has(status) || (!exited && index > reached))
    .map((status) => ({ status, at: at.get(status) ?? null, exit: false }));
  const exits = order.timeline
    .filter((entry) => EXITS.includes(entry.status))
    .map((entry) => ({ status: entry.status, at: entry.at, exit: true }));
  return [...path, ...exits];
}

/**
 * An order as its owner and the tracking page see it (docs/design-brief.md, interface: orders): every state as a
 * step with the time it happened, the amounts with each fee on its own line, and the transaction hash once there is
 * one.
 */
export function OrderView({ order }: { order: PublicOrder }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const steps = timelineSteps(order);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg font-semibold text-ink" data-testid="order-status" role="status">
        {t(`order.status.${order.status}`)}
      </p>
      <ol aria-label={t('order.timeline')} className="flex flex-col gap-3" data-testid="timeline">
        {steps.map((step) => (
          <li key={step.status} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={[
                'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full',
                step.exit
                  ? 'bg-danger text-surface'
                  : step.at
                    ? 'bg-success text-surface'
                    : 'border-2 border-line-strong text-ink-muted',
              ].join(' ')}
            >
              {step.exit ? <X size={14} /> : step.at ? <Check size={14} /> : <Circle size={8} />}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className={step.at ? 'font-semibold text-ink' : 'text-ink-muted'}>
                {t(`order.step.${step.status}`)}
              </span>
              <span className="text-sm text-ink-muted">{step.at ? formatDateTime(step.at) : t('order.pending')}</span>
            </span>
          </li>
        ))}
      </ol>
      {order.reason ? (
        <p className="text-sm text-ink-muted">{t(`order.reason.${order.status}`, { defaultValue: order.reason })}</p>
      ) : null}
      <dl
        aria-label={t('estimate.label')}
        className="flex flex-col gap-2 rounded-xl bg-surface-muted p-4 text-base"
        data-testid="order-lines"
      >
        <div className="flex flex-wrap justify-between gap-x-4 text-ink-muted">
          <dt>{t(order.side === 'sell' ? 'estimate.youSell' : 'estimate.youPay')}</dt>
          <dd className="text-ink tabular-nums">
            {order.side === 'buy'
              ? formatUsd(order.sellAmountTotal)
              : formatAssetAmount(order.sellAmountTotal, order.sellAssetTicker)}
          </dd>
        </div>
        {order.fees.map((fee) => (
          <div key={fee.kind} className="flex flex-wrap justify-between gap-x-4 text-ink-muted">
            <dt>
              {t(`estimate.fee_${fee.kind}`, {
                method:
                  'paymentMethod' in order && typeof order.paymentMethod === 'string'
                    ? t(`methods.${order.paymentMethod}`)
                    : t('order.method'),
              })}
            </dt>
            <dd className="text-ink tabular-nums">{formatUsd(fee.amount)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 text-ink-muted">
          <dt>{t('estimate.totalFees')}</dt>
          <dd className="text-ink tabular-nums">{formatUsd(order.totalFees)}</dd>
        </div>
        <div className="mt-1 flex flex-wrap justify-between gap-x-4 border-t border-line pt-3 font-semibold text-ink">
          <dt>{t('estimate.youReceive')}</dt>
          <dd className="min-w-0 text-right break-all tabular-nums">
            {order.side === 'buy'
              ? formatAssetAmount(order.receiveAmount, order.buyAssetTicker)
              : formatUsd(order.receiveAmount)}
          </dd>
        </div>
      </dl>
      {order.txHash ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-ink-muted">{t('order.txHash')}</span>
          <code className="text-sm break-all text-ink" data-testid="tx-hash">
            {order.txHash}
          </code>
          <span className="text-sm text-ink-muted">
            {t('order.confirmations', { count: order.confirmations, required: order.requiredConfirmations })}
          </span>
        </div>
      ) : null}
    </div>
  );
}
