import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssetWithdrawal, RampOrder, TransferView } from '@rampart/contracts';
import { useApi } from '../../lib/api';
import { ordersQueryOptions } from '../../lib/queries/orders';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { assetWithdrawalsQueryOptions } from './api/asset-withdrawals';
import { transfersQueryOptions } from './api/list-transfers';
import { PageHeader } from './components/page-header';
import { methodName } from './method-text';
import { MONEY_PATH, WITHDRAW_ASSET_PATH } from './paths';

const FILTERS = ['all', 'money', 'trades', 'crypto'] as const;
type Filter = (typeof FILTERS)[number];

/** The merged history reads the caller's newest 100 orders. */
const HISTORY_ORDERS = 100;

interface Entry {
  id: string;
  kind: Exclude<Filter, 'all'>;
  at: string;
  title: string;
  amount: string;
  status: string;
  to: string;
}

/**
 * /history (the "cash transaction history" flag; decision 033): every money movement of the user in one list,
 * newest first: deposits and withdrawals of the USD balance, buy and sell orders, crypto withdrawals; filtered by
 * kind, each opening the page where it is followed. The newest 100 of each kind (the money page pages transfers).
 */
export function ActivityPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const transfers = useQuery(transfersQueryOptions(api));
  const orders = useQuery(ordersQueryOptions(api, HISTORY_ORDERS));
  const withdrawals = useQuery(assetWithdrawalsQueryOptions(api));
  const [filter, setFilter] = useState<Filter>('all');

  const fromTransfer = (x: TransferView): Entry => ({
    id: `t:${x.transferId}`,
    kind: 'money',
    at: x.createdAt,
    title: t(x.direction === 'contribution' ? 'history.deposit' : 'history.withdrawal', {
      method: methodName(t, x.methodKey),
    }),
    amount: formatUsd(x.amount),
    status: t(`status.${x.status}`),
    to: MONEY_PATH,
  });
  const fromOrder = (o: RampOrder): Entry => ({
    id: `o:${o.orderId}`,
    kind: 'trades',
    at: o.createdAt,
    title:
      o.side === 'buy'
        ? t('activity.buy', { asset: o.buyAssetTicker })
        : t('activity.sell', { asset: o.sellAssetTicker }),
    amount:
      o.side === 'buy' ? formatUsd(o.sellAmountTotal) : formatAmount(o.sellAmountTotal, { ticker: o.sellAssetTicker }),
    status: t(`activity.orderStatus.${o.status}`),
    to: `/trade/complete?order=${encodeURIComponent(o.orderId)}`,
  });
  const fromWithdrawal = (w: AssetWithdrawal): Entry => ({
    id: `w:${w.withdrawalId}`,
    kind: 'crypto',
    at: w.createdAt,
    title: t('activity.cryptoWithdrawal', { asset: w.assetTicker }),
    amount: formatAmount(w.amount, { ticker: w.assetTicker }),
    status: t(`assetWithdraw.status.${w.status}`),
    to: WITHDRAW_ASSET_PATH,
  });

  const entries = [
    ...(transfers.data ?? []).map(fromTransfer),
    ...(orders.data ?? []).map(fromOrder),
    ...(withdrawals.data ?? []).map(fromWithdrawal),
  ]
    .filter((e) => filter === 'all' || e.kind === filter)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id.localeCompare(a.id));
  const loading = transfers.isPending || orders.isPending || withdrawals.isPending;
  const failed = transfers.isError || orders.isError || withdrawals.isError;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('activity.title')} intro={t('activity.intro')} />
      <div role="group" aria-label={t('activity.filterLabel')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-focus ${
              filter === value ? 'border-primary bg-primary-soft text-primary-ink' : 'border-line bg-surface text-ink'
            }`}
          >
            {t(`activity.filter.${value}`)}
          </button>
        ))}
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('activity.failed')}
        </p>
      ) : null}
      {loading ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('activity.loading')}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-base text-ink-muted" data-testid="activity-empty">
          {t('activity.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="activity">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="activity-entry">
              <Link
                to={entry.to}
                className="flex min-h-11 items-start justify-between gap-3 rounded-lg py-3 focus-visible:outline-3 focus-visible:outline-focus"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-ink">{entry.title}</span>
                  <span className="text-sm text-ink-muted">
                    {entry.status} · {formatDateTime(entry.at)}
                  </span>
                </span>
                <span className="shrink-0 text-ink tabular-nums">{entry.amount}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
