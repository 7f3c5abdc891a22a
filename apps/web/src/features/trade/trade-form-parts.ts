import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { useTranslation } from 'react-i18next';
import type {
  BankAccount,
  RampAsset,
  RampLimitsReply,
  TradeEstimateRequest,
  TransferMethodKey,
} from '@rampart/contracts';
import type { ApiClient } from '../../lib/api';
import { tradeKey } from './api/ramp-assets';
import { tradeEstimate } from './api/trade-estimate';
import { formatAssetAmount } from './components/trade-lines';
import {
  buildPaymentMethodOptions,
  type AssetOption,
  type OptionDirection,
  type PaymentMethodOption,
} from './model/asset-options';

/** The trade namespace's translator, as the pages and their hooks have it. */
export type TradeT = ReturnType<typeof useTranslation<'trade'>>['t'];

/** Where a sold asset comes from: the user's holdings, or a deposit from an external wallet (R14). */
export type Delivery = 'holdings' | 'deposit';

/** An amount of an option's asset, for the user ("12.5 USDS"). */
export const assetAmount = (value: string, option: AssetOption) =>
  formatAssetAmount(value, option.assetTickerDisplayName, option.decimals);

/** The limit that matters for this method: the weekly one of a slow method, else the daily trading limit. */
export function limitFor(limits: RampLimitsReply | undefined, method: string) {
  if (!limits) return null;
  return (
    limits.limits.find((limit) => limit.kind === 'weekly_method' && limit.method === method) ??
    limits.limits.find((limit) => limit.kind === 'daily_trades') ??
    null
  );
}

/**
 * Waits for the user to stop typing before asking the server for an estimate. `value` is plain JSON data, compared by
 * its content: a new object with the same content (every render builds one) neither restarts the wait nor renders the
 * page again (it used to, every 300 ms while the page was open). The first value that is not null (the form's data
 * has just arrived, nothing typed yet) is taken at once, so the first estimate does not wait (decision 042).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value) ?? 'null';
  const [debounced, setDebounced] = useState(key);
  const [seen, setSeen] = useState(value !== null);
  if (!seen && value !== null) {
    setSeen(true);
    setDebounced(key);
  }
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return useMemo(() => JSON.parse(debounced) as T, [debounced]);
}

/** The live estimate of a buy or a sell, asked once the user stops typing (300 ms); nothing while there is no input. */
export function useTradeEstimate(api: ApiClient, input: TradeEstimateRequest | null) {
  const estimateInput = useDebounced(input, 300);
  const estimate = useQuery({
    queryKey: [...tradeKey, 'estimate', estimateInput],
    queryFn: ({ signal }) =>
      estimateInput ? tradeEstimate(api, estimateInput, signal) : Promise.reject(new Error('no input')),
    enabled: estimateInput !== null,
    retry: false,
  });
  return { estimateInput, estimate };
}

/**
 * The ways to pay (`from`) or to be paid (`to`) of a trade, in the user's language: the USD balance (described by
 * `balanceText`) and each linked bank by method. `methods` keeps the ones the trade takes; none until both reads answer.
 */
export function paymentOptions(
  t: TradeT,
  reads: { assets: readonly RampAsset[] | undefined; banks: readonly BankAccount[] | undefined },
  direction: OptionDirection,
  balanceText: string,
  methods?: readonly string[],
): PaymentMethodOption[] {
  if (!reads.assets || !reads.banks) return [];
  const options = buildPaymentMethodOptions({
    assets: reads.assets,
    bankAccounts: reads.banks,
    logos: new Map(),
    direction,
    text: {
      usdBalance: t('methods.primex_usd'),
      usdBalanceDescription: balanceText,
      bankMethod: (method, account) =>
        t('methods.bankMethod', {
          method: t(`methods.${method}`),
          bank: account.nickname || account.bankName,
          last: account.lastDigits,
        }),
      method: (method: TransferMethodKey) => t(`methods.${method}`),
    },
  });
  return methods ? options.filter((option) => methods.includes(option.network)) : options;
}
