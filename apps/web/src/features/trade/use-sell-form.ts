import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RAMP_DESTINATION_METHODS } from '@rampart/contracts';
import { useApi } from '../../lib/api';
import { useForm, type FieldErrors } from '../../lib/forms/use-form';
import { formatUsd } from '../../lib/format';
import { rampLimitsQueryOptions } from '../../lib/queries/limits';
import { rampAssetsQueryOptions } from '../../lib/queries/assets';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { tradeLines } from './components/trade-lines';
import { RAMPART_PROVIDER_ID, buildAssetOptions, chooseOption, groupIntoSections } from './model/asset-options';
import {
  DEFAULT_TRADE_AMOUNT,
  compareDecimals,
  normaliseAssetAmount,
  saveSellForm,
  sellEstimateRequestOf,
  setSellDraft,
  tradeDraftStore,
} from './model/trade-draft';
import { TRADE_PATHS } from './paths';
import { assetAmount, limitFor, paymentOptions, useTradeEstimate, type Delivery } from './trade-form-parts';
import { useStagedReveal } from './use-staged-reveal';

const FIELDS = ['sellAsset', 'delivery', 'amount', 'payout'] as const;
type Field = (typeof FIELDS)[number];

/** What the user holds of a ticker (R14: holdings are per ticker, whatever chain they came by); '0' when nothing. */
export function heldAmount(
  assets: readonly { assetTicker: string; available: string }[] | undefined,
  ticker: string,
): string {
  return assets?.find((held) => held.assetTicker.toUpperCase() === ticker.toUpperCase())?.available ?? '0';
}

/**
 * /trade/sell's state (R13, R14; decision 030): the reads, the asset, where it comes from (holdings when the user
 * holds some, else a deposit, until they choose), the amount, the payout, the checks (no more than is held, no less
 * than a deposit's minimum), the live estimate and the limit, and Continue, which hands the draft to /trade/summary.
 */
export function useSellForm() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const { draft: kept, forms } = tradeDraftStore.getState();
  const previous = kept?.side === 'sell' ? kept : null;
  const form = forms.sell;

  const assets = useQuery(rampAssetsQueryOptions(api));
  const banks = useQuery(bankAccountsQueryOptions(api));
  const holdings = useQuery(holdingsQueryOptions(api));

  const [assetKey, setAssetKey] = useState<string | null>(form?.assetKey ?? previous?.asset.key ?? null);
  const [delivery, setDelivery] = useState<Delivery | null>(form?.delivery ?? previous?.delivery ?? null);
  const [amount, setAmount] = useState(form?.amount ?? previous?.amount ?? DEFAULT_TRADE_AMOUNT);
  const [payoutKey, setPayoutKey] = useState<string | null>(form?.payoutKey ?? previous?.payout.key ?? null);
  const [touched, setTouched] = useState(false);

  const assetOptions = useMemo(
    () => (assets.data ? buildAssetOptions(assets.data, 'from', RAMPART_PROVIDER_ID) : []),
    [assets.data],
  );
  const sections = useMemo(() => groupIntoSections(assetOptions), [assetOptions]);
  const unavailable = assetOptions.filter((option) => option.disabled && !option.hidden && option.featureInterestType);
  const payouts = useMemo(
    () =>
      paymentOptions(
        t,
        { assets: assets.data, banks: banks.data },
        'to',
        holdings.data ? t('sell.balanceNow', { amount: formatUsd(holdings.data.available) }) : '',
        RAMP_DESTINATION_METHODS,
      ),
    [assets.data, banks.data, holdings.data, t],
  );

  // The first asset and payout the user can choose, until they choose (document 1, section 4).
  const asset = chooseOption(assetOptions, assetKey);
  const payout = chooseOption(payouts, payoutKey);
  const held = asset ? heldAmount(holdings.data?.assets, asset.assetTicker) : '0';
  const holdsSome = compareDecimals(held, '0') > 0;
  // From holdings when the user holds some of the asset, else by deposit, until they choose.
  const source: Delivery = delivery ?? (holdsSome ? 'holdings' : 'deposit');

  useEffect(() => {
    if (touched) saveSellForm({ assetKey, delivery: source, amount, payoutKey });
  }, [touched, assetKey, source, amount, payoutKey]);

  const limits = useQuery(rampLimitsQueryOptions(api, payout?.network ?? null));
  const limit = payout ? limitFor(limits.data, payout.network) : null;

  const normalised = asset ? normaliseAssetAmount(amount, asset.decimals) : null;
  const { estimateInput, estimate } = useTradeEstimate(
    api,
    asset && payout && normalised && compareDecimals(normalised, '0') > 0
      ? sellEstimateRequestOf({ asset, delivery: source, payout, amount: normalised })
      : null,
  );

  const validate = (): FieldErrors<Field> => {
    const next: FieldErrors<Field> = {};
    if (!asset) next.sellAsset = t('sell.assetRequired');
    if (!payout) next.payout = t('sell.payoutRequired');
    if (amount.trim() === '') next.amount = t('messages.amountRequired');
    else if (!asset) return next;
    else if (normalised === null || compareDecimals(normalised, '0') <= 0)
      next.amount = t('sell.amountInvalid', { decimals: asset.decimals });
    else if (source === 'holdings' && compareDecimals(normalised, held) > 0)
      next.amount = t('sell.amountAboveHoldings', { amount: assetAmount(held, asset) });
    else if (source === 'deposit' && asset.minimumDeposit && compareDecimals(normalised, asset.minimumDeposit) < 0)
      next.amount = t('sell.amountBelowMinimumDeposit', { amount: assetAmount(asset.minimumDeposit, asset) });
    return next;
  };
  const checks = useForm<Field>({ fields: FIELDS, validate });

  const submit = checks.handleSubmit(async () => {
    if (!asset || !payout || !normalised) return;
    setSellDraft({ asset, delivery: source, amount: normalised, payout });
    void navigate(TRADE_PATHS.summary);
  });

  return {
    reveal: useStagedReveal([assets, banks]),
    errors: checks.errors,
    submit,
    sections,
    unavailable,
    asset,
    chooseAsset: (key: string) => {
      setAssetKey(key);
      // The source follows the new asset's holdings until the user picks one again.
      setDelivery(null);
      setTouched(true);
      checks.clear();
    },
    source,
    held,
    chooseSource: (value: Delivery) => {
      setDelivery(value);
      setTouched(true);
      checks.clear('amount');
    },
    amount,
    changeAmount: (value: string) => {
      setAmount(value);
      setTouched(true);
      checks.clear('amount');
    },
    /** Max: everything held, when selling from holdings that hold some. */
    max:
      asset && source === 'holdings' && holdsSome
        ? () => {
            setAmount(normaliseAssetAmount(held, asset.decimals) ?? held);
            setTouched(true);
            checks.clear('amount');
          }
        : null,
    payouts,
    payout,
    choosePayout: (key: string) => {
      setPayoutKey(key);
      setTouched(true);
      checks.clear('payout');
    },
    estimate: {
      hasInput: estimateInput !== null,
      lines: estimate.data ? tradeLines(t as never, estimate.data, asset?.decimals ?? 2) : null,
      error: estimate.isError ? estimate.error : null,
      limit,
      method: payout?.network ?? null,
    },
  };
}
