import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KYC_LEVELS, OrderListReply, type RampOrder } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime, formatUsd } from '../../lib/format';
import { useApi, type ApiClient } from '../../lib/api';
import { kycLevelFromState, useKycState } from '../../lib/session/kyc-store';
import { holdingsQueryOptions } from './api/payment-sources';
import { rampAssetsQueryOptions, tradeKey } from './api/ramp-assets';
import { AssetPicker } from './components/asset-picker';
import { formatAssetAmount } from './components/trade-lines';
import { RAMPART_PROVIDER_ID, buildAssetOptions, chooseOption, groupIntoSections } from './model/asset-options';
import { DEFAULT_TRADE_AMOUNT, compareDecimals, saveBuyForm, saveSellForm } from './model/trade-draft';
import { TRADE_PATHS } from './paths';

const RECENT_ORDERS = 5;

/** POST /ramp/orders {limit}: the caller's newest orders (a read: retries, R16). */
function recentOrdersQueryOptions(api: ApiClient) {
  return {
    queryKey: [...tradeKey, 'orders', 'recent'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.request('/ramp/orders', { body: { limit: RECENT_ORDERS }, retry: true, signal, schema: OrderListReply }),
  };
}

/**
 * The home page's trading part, for a Verified user only (the trade routes need it, R1) (decision 031): the assets
 * held, a quick buy or sell (an asset and an amount, 100 by default, handed to /trade/buy or /trade/sell as a form in
 * progress) and the newest orders with their status, each opening its page.
 */
export function HomeTrade() {
  const level = kycLevelFromState(useKycState());
  if (level === undefined || level === null || level < KYC_LEVELS.Verified) return null;
  return (
    <>
      <QuickTrade />
      <HeldAssets />
      <RecentOrders />
    </>
  );
}

function QuickTrade() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const assets = useQuery(rampAssetsQueryOptions(api));
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [assetKey, setAssetKey] = useState<string | null>(null);
  const [amount, setAmount] = useState(DEFAULT_TRADE_AMOUNT);
  const [error, setError] = useState<string | null>(null);

  const options = useMemo(
    () => (assets.data ? buildAssetOptions(assets.data, side === 'buy' ? 'to' : 'from', RAMPART_PROVIDER_ID) : []),
    [assets.data, side],
  );
  const asset = chooseOption(options, assetKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim();
    if (!/^\d+(\.\d+)?$/.test(value) || compareDecimals(value, '0') <= 0) {
      setError(t('home.amountInvalid'));
      return;
    }
    const key = asset?.key ?? null;
    if (side === 'buy') {
      saveBuyForm({ assetKey: key, sourceKey: null, amount: value, address: '', memo: '' });
      void navigate(TRADE_PATHS.buy);
    } else {
      saveSellForm({ assetKey: key, delivery: 'holdings', amount: value, payoutKey: null });
      void navigate(TRADE_PATHS.sell);
    }
  };

  const sideButton = (value: 'buy' | 'sell', Icon: typeof ArrowDownLeft) => (
    <button
      type="button"
      aria-pressed={side === value}
      onClick={() => {
        setSide(value);
        setAssetKey(null);
      }}
      className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl border text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
        side === value ? 'border-primary bg-primary-soft text-primary-ink' : 'border-line bg-surface text-ink'
      }`}
    >
      <Icon size={18} aria-hidden="true" />
      {t(`home.${value}`)}
    </button>
  );

  return (
    <section aria-labelledby="home-trade-heading" className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <h2 id="home-trade-heading" className="text-lg font-semibold text-ink">
        {t('home.quickHeading')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div role="group" aria-label={t('home.sideLabel')} className="flex gap-2">
          {sideButton('buy', ArrowDownLeft)}
          {sideButton('sell', ArrowUpRight)}
        </div>
        <AssetPicker
          sections={groupIntoSections(options)}
          value={asset?.key ?? null}
          onChange={setAssetKey}
          name="quickAsset"
          label={side === 'buy' ? t('home.buyAsset') : t('home.sellAsset')}
        />
        <TextField
          name="quickAmount"
          label={
            side === 'buy' ? t('home.amountUsd') : t('home.amountAsset', { asset: asset?.assetTickerDisplayName ?? '' })
          }
          inputMode="decimal"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" fullWidth isDisabled={!asset}>
          {side === 'buy' ? t('home.continueBuy') : t('home.continueSell')}
        </Button>
      </form>
    </section>
  );
}

function HeldAssets() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const holdings = useQuery(holdingsQueryOptions(api));
  const held = (holdings.data?.assets ?? []).filter((asset) => compareDecimals(asset.settled, '0') > 0);
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

function RecentOrders() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const orders = useQuery(recentOrdersQueryOptions(api));
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
      ) : orders.data.orders.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="home-orders-empty">
          {t('home.ordersEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="home-orders">
          {orders.data.orders.map((order) => (
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
