import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  FIAT_TICKER,
  rampAssetKey,
  type RampAsset,
  type RampLimitsReply,
  type TransferMethodKey,
} from '@rampart/contracts';
import { useApi } from '../../lib/api';
import { formatUsd } from '../../lib/format';
import { allRampLimitsQueryOptions, rampLimitsQueryOptions } from '../../lib/queries/limits';
import { rampAssetsQueryOptions } from '../../lib/queries/assets';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { useNotifyMe } from './components/coming-soon';
import type { AssetOption } from './model/asset-options';
import { chooseMethod, tradeDraftStore } from './model/trade-draft';
import {
  isTradeSide,
  needsLinkedBank,
  tradeSidesOf,
  unavailableMethodsFor,
  type TradeSide,
} from './model/trade-methods';
import { TRADE_PATHS } from './paths';
import { paymentOptions, type TradeT } from './trade-form-parts';
import { useStagedReveal } from './use-staged-reveal';

/** The side the page is for: `?side=`, else the side the user worked on last, else buy. */
function useSide(): TradeSide {
  const [params] = useSearchParams();
  const side = params.get('side');
  return isTradeSide(side) ? side : (tradeDraftStore.getState().forms.last ?? 'buy');
}

/** The method options of a side (the same the buy and sell pages list), for the buttons that choose one. */
function useMethodOptions(side: TradeSide) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const assets = useQuery(rampAssetsQueryOptions(api));
  const banks = useQuery(bankAccountsQueryOptions(api));
  const holdings = useQuery(holdingsQueryOptions(api));
  const options = useMemo(
    () =>
      paymentOptions(
        t,
        { assets: assets.data, banks: banks.data },
        side === 'buy' ? 'from' : 'to',
        holdings.data ? t('methods.balanceAvailable', { amount: formatUsd(holdings.data.available) }) : '',
      ),
    [assets.data, banks.data, holdings.data, side, t],
  );
  return { assets, banks, holdings, options };
}

/** The limit line of a method in the list: its weekly limit with what remains, else that it has none. */
function limitText(t: TradeT, method: TransferMethodKey, limits: RampLimitsReply | undefined): string {
  const weekly = limits?.limits.find((limit) => limit.kind === 'weekly_method' && limit.method === method);
  if (weekly)
    return t('limits.remaining', {
      amount: formatUsd(weekly.remaining),
      limit: formatUsd(weekly.limit),
      method: t(`methods.${method}`),
    });
  if (method === 'primex_ach' || method === 'primex_card') return t('method.weeklyLimitCopy');
  return t('method.noWeeklyLimit');
}

/** The catalogue's entry of a method, as an option "notify me" can ask about (card, wires: R15). */
function methodAsOption(assets: readonly RampAsset[] | undefined, method: TransferMethodKey): AssetOption | null {
  const entry = assets?.find((asset) => asset.network === method && asset.assetTicker === FIAT_TICKER);
  if (!entry) return null;
  return {
    key: rampAssetKey(method, FIAT_TICKER),
    label: method,
    network: method,
    assetTicker: FIAT_TICKER,
    assetTickerDisplayName: FIAT_TICKER,
    networkDisplayName: method,
    section: 'fiat',
    disabled: entry.disabled,
    hidden: entry.hidden,
    exchangeProviderId: '',
    imageURL: entry.networkIcon,
    decimals: 2,
    minimumDeposit: null,
    featureInterestType: entry.featureInterestType,
  };
}

/** The option of a side's trade chosen now, and choosing another: kept in the form, and back to the trade. */
export function useMethodChoice(side: TradeSide) {
  const navigate = useNavigate();
  const forms = tradeDraftStore.getState().forms;
  return {
    chosen: side === 'buy' ? forms.buy?.sourceKey : forms.sell?.payoutKey,
    choose: (key: string) => {
      chooseMethod(side, key);
      void navigate(side === 'buy' ? TRADE_PATHS.buy : TRADE_PATHS.sell);
    },
  };
}

/**
 * /trade/method's state: the side, the reads (a skeleton and their error until they answer), each method's options and
 * limit line, and the methods trades do not take yet, each with "notify me".
 */
export function useMethodList() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const side = useSide();
  const { assets, banks, options } = useMethodOptions(side);
  const limits = useQuery(allRampLimitsQueryOptions(api));
  const notify = useNotifyMe((option) => t('method.notifyDone', { method: t(`methods.${option.network}`) }));
  const unavailable = unavailableMethodsFor(side)
    .map((method) => methodAsOption(assets.data, method))
    .filter(
      (option): option is AssetOption =>
        option !== null && option.disabled && !option.hidden && option.featureInterestType !== null,
    );
  return {
    side,
    reveal: useStagedReveal([assets, banks]),
    options,
    limitText: (method: TransferMethodKey) => limitText(t, method, limits.data),
    unavailable,
    notify,
  };
}

/**
 * /trade/method/:tradeMethod's state: the trades the method serves, the options of the side it is open for (or of the
 * side it serves), its limits, the linked banks it needs and "notify me" for a method trades do not take.
 */
export function useMethodDetail(method: TransferMethodKey) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const side = useSide();
  const sides = tradeSidesOf(method);
  // The options of the side it is open for, or of the side this method serves.
  const optionSide = sides.includes(side) ? side : (sides[0] ?? side);
  const { assets, banks, holdings, options } = useMethodOptions(optionSide);
  const limits = useQuery(rampLimitsQueryOptions(api, method));
  const notify = useNotifyMe(() => t('method.notifyDone', { method: t(`methods.${method}`) }));
  const bankOptions = options.filter((option) => option.network === method && !option.featureInterestType);
  return {
    side,
    sides,
    optionSide,
    options,
    limits,
    notify,
    asOption: methodAsOption(assets.data, method),
    banksPending: banks.isPending,
    bankOptions,
    holdings,
    /** The buttons that choose an option show once the options are read, and a bank method's once a bank is linked. */
    canChoose: sides.includes(optionSide) && !assets.isPending && (!needsLinkedBank(method) || bankOptions.length > 0),
  };
}
