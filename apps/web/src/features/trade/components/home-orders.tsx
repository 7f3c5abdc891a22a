import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RampOrder } from '@rampart/contracts';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { TRADE_PATHS } from '../paths';
import { useHeldAssets, useRecentOrders } from '../use-home-trade';
import { formatAssetAmount } from './trade-lines';

/** The assets the user holds, with what is available of each; nothing when they hold none. */
export function HeldAssets() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const held = useHeldAssets();
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="home-assets-heading" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h2 id="home-assets-heading" className="text-lg font-semibold text-ink">
        {t('home.assetsHeading')}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="home-assets">
        {held.map((asset) => (
          <li key={asset.assetTicker} className="flex items-baseline justify-between gap-3">
            <span className="font-semibold text-ink">{asset.assetTicker}</span>
            <span className="text-ink tabular-nums">{formatAssetAmount(asset.available, asset.assetTicker)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function orderSummary(t: (key: string, options?: Record<string, unknown>) => string, order: RampOrder): string {
  return order.side === 'buy'
    ? t('home.orderBuy', { asset: order.buyAssetTicker, amount: formatUsd(order.sellAmountTotal) })
    : t('home.orderSell', { amount: formatAssetAmount(order.sellAmountTotal, order.sellAssetTicker) });
}

/** The newest orders with their status, each opening its page, and the way to all activity. */
export function RecentOrders() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const orders = useRecentOrders();
  return (
    <section aria-labelledby="home-orders-heading" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h2 id="home-orders-heading" className="text-lg font-semibold text-ink">
        {t('home.ordersHeading')}
      </h2>
      {orders.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('home.ordersLoading')}
        </p>
      ) : orders.isError ? (
        <p className="text-sm text-ink-muted">{t('home.ordersUnavailable')}</p>
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="home-orders-empty">
          {t('home.ordersEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="home-orders">
          {orders.data.map((order) => (
            <li key={order.orderId} className="py-2">
              <Link
                to={`${TRADE_PATHS.complete}?order=${encodeURIComponent(order.orderId)}`}
                className="flex min-h-11 flex-col justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span className="font-semibold text-ink">{orderSummary(t as never, order)}</span>
                <span className="text-sm text-ink-muted">
                  {t(`order.step.${order.status}`)} · {formatDateTime(order.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/history"
        className="inline-flex min-h-11 items-center self-start rounded-lg text-sm font-semibold text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t('home.allActivity')}
      </Link>
    </section>
  );
}
