import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/api';
import { useForm } from '../../lib/forms/use-form';
import { holdingsQueryOptions } from './api/payment-sources';
import { rampAssetsQueryOptions } from '../../lib/queries/assets';
import { ordersQueryOptions } from '../../lib/queries/orders';
import { RAMPART_PROVIDER_ID, buildAssetOptions, chooseOption, groupIntoSections } from './model/asset-options';
import { DEFAULT_TRADE_AMOUNT, compareDecimals, saveBuyForm, saveSellForm } from './model/trade-draft';
import { TRADE_PATHS } from './paths';

const RECENT_ORDERS = 5;
const FIELDS = ['quickAmount'] as const;

export type QuickSide = 'buy' | 'sell';

/**
 * The home page's quick buy or sell (decision 031): the side, an asset and an amount (100 by default), checked and
 * handed to /trade/buy or /trade/sell as a form in progress.
 */
export function useQuickTradeForm() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const assets = useQuery(rampAssetsQueryOptions(api));
  const [side, setSide] = useState<QuickSide>('buy');
  const [assetKey, setAssetKey] = useState<string | null>(null);
  const [amount, setAmount] = useState(DEFAULT_TRADE_AMOUNT);

  const options = useMemo(
    () => (assets.data ? buildAssetOptions(assets.data, side === 'buy' ? 'to' : 'from', RAMPART_PROVIDER_ID) : []),
    [assets.data, side],
  );
  const asset = chooseOption(options, assetKey);

  const form = useForm({
    fields: FIELDS,
    validate: () => {
      const value = amount.trim();
      return !/^\d+(\.\d+)?$/.test(value) || compareDecimals(value, '0') <= 0
        ? { quickAmount: t('home.amountInvalid') }
        : {};
    },
  });

  const submit = (event: FormEvent) =>
    form.handleSubmit(async () => {
      const value = amount.trim();
      const key = asset?.key ?? null;
      if (side === 'buy') {
        saveBuyForm({ assetKey: key, sourceKey: null, amount: value, address: '', memo: '' });
        void navigate(TRADE_PATHS.buy);
      } else {
        saveSellForm({ assetKey: key, delivery: 'holdings', amount: value, payoutKey: null });
        void navigate(TRADE_PATHS.sell);
      }
    })(event);

  return {
    side,
    chooseSide: (value: QuickSide) => {
      setSide(value);
      setAssetKey(null);
    },
    sections: groupIntoSections(options),
    asset,
    chooseAsset: setAssetKey,
    amount,
    changeAmount: (value: string) => {
      setAmount(value);
      form.clear('quickAmount');
    },
    error: form.errors.quickAmount,
    submit,
  };
}

/** The assets the user holds (settled, more than nothing), for the home page. */
export function useHeldAssets() {
  const api = useApi();
  const holdings = useQuery(holdingsQueryOptions(api));
  return (holdings.data?.assets ?? []).filter((asset) => compareDecimals(asset.settled, '0') > 0);
}

/** The caller's newest orders, for the home page. */
export function useRecentOrders() {
  const api = useApi();
  return useQuery(ordersQueryOptions(api, RECENT_ORDERS));
}
