import { useCallback, useDeferredValue, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMemoSwitchedOff, NETWORK_MEMO_RULES, RAMP_SOURCE_METHODS, isAddressNetwork } from '@rampart/contracts';
import { loadAddressChecks, loadedAddressChecks, type AddressChecks } from '../../lib/address-checks';
import { useFeatureFlags } from '../../lib/config';
import { useApi } from '../../lib/api';
import { useForm, type FieldErrors } from '../../lib/forms/use-form';
import { formatUsd } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { rampLimitsQueryOptions } from '../../lib/queries/limits';
import { useWalletAccount } from '../../lib/session/wallet-state';
import { rampAssetsQueryOptions } from '../../lib/queries/assets';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { lastBuyDestination, PAST_ORDERS } from './api/orders';
import { ordersQueryOptions } from '../../lib/queries/orders';
import { clearEarlyReads } from './api/early-reads';
import { tradeLines } from './components/trade-lines';
import { RAMPART_PROVIDER_ID, buildAssetOptions, chooseOption, groupIntoSections } from './model/asset-options';
import {
  DEFAULT_TRADE_AMOUNT,
  estimateRequestOf,
  normaliseUsd,
  saveBuyForm,
  setBuyDraft,
  tradeDraftStore,
  usdCents,
} from './model/trade-draft';
import { TRADE_PATHS } from './paths';
import { limitFor, paymentOptions, useTradeEstimate } from './trade-form-parts';
import { useStagedReveal } from './use-staged-reveal';

/** The steps in which the form is committed after its asset field (decision 045). */
const FORM_STEPS = 4;

/** Runs `run` with the address checks: at once when loaded, else once they load (nothing if they fail to). */
function withAddressChecks(run: (checks: AddressChecks) => void): void {
  const loaded = loadedAddressChecks();
  if (loaded) run(loaded);
  else loadAddressChecks().then(run, () => undefined);
}

const FIELDS = ['buyAsset', 'sellMethod', 'amount', 'buyAddress', 'buyMemo'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /trade/buy's state: the reads (started early, decision 042, and each answer rendered at a transition's priority),
 * the values the user chose or typed (kept across /trade/method and /trade/flow), the address offered (the wallet's
 * own, decision 034, or the last buy's on the network, decision 059), the checks, the live estimate and the limit,
 * and Continue, which hands the draft to /trade/summary.
 */
export function useBuyForm() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const { draft: kept, forms } = tradeDraftStore.getState();
  const previous = kept && kept.side !== 'sell' ? kept : null;
  // What the user left here (e.g. to compare methods on /trade/method, which may have chosen one), else the draft.
  const form = forms.buy;

  // Reads started early (decision 042) are reused by this mount only: once the page closes, a new visit reads again.
  useEffect(() => clearEarlyReads, []);
  const assets = useQuery(rampAssetsQueryOptions(api));
  const banks = useQuery(bankAccountsQueryOptions(api));
  const holdings = useQuery(holdingsQueryOptions(api));
  // Decision 042: each answer is rendered at a transition's priority, which React renders in slices that yield to the
  // browser, instead of in one long task the moment it arrives (the form is the page's largest React Aria work).
  const assetsData = useDeferredValue(assets.data);
  const banksData = useDeferredValue(banks.data);
  const holdingsData = useDeferredValue(holdings.data);

  const [assetKey, setAssetKey] = useState<string | null>(form?.assetKey ?? previous?.asset.key ?? null);
  const [sourceKey, setSourceKey] = useState<string | null>(form?.sourceKey ?? previous?.source.key ?? null);
  const [amount, setAmount] = useState(form?.amount ?? previous?.amount ?? DEFAULT_TRADE_AMOUNT);
  const [address, setAddress] = useState(form?.address ?? previous?.address ?? '');
  // In the wallet mini-app (decision 034) the wallet's own account is the XRPL address until the user types another.
  const walletAccount = useWalletAccount();
  const [addressEdited, setAddressEdited] = useState(false);
  const [memo, setMemo] = useState(form?.memo ?? previous?.memo ?? '');
  const [memoEdited, setMemoEdited] = useState(false);
  // Decision 059: the address of the last buy on the chosen network is offered until the user types another.
  const pastOrders = useQuery({ ...ordersQueryOptions(api, PAST_ORDERS), retry: false });
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    // Kept once the user has changed something, so /trade/method and /trade/flow can come back to it.
    if (touched) saveBuyForm({ assetKey, sourceKey, amount, address, memo });
  }, [touched, assetKey, sourceKey, amount, address, memo]);

  const assetOptions = useMemo(
    () => (assetsData ? buildAssetOptions(assetsData, 'to', RAMPART_PROVIDER_ID) : []),
    [assetsData],
  );
  const sections = useMemo(() => groupIntoSections(assetOptions), [assetOptions]);
  const unavailable = useMemo(
    () => assetOptions.filter((option) => option.disabled && !option.hidden && option.featureInterestType),
    [assetOptions],
  );
  const sources = useMemo(
    () =>
      paymentOptions(
        t,
        { assets: assetsData, banks: banksData },
        'from',
        holdingsData ? t('methods.balanceAvailable', { amount: formatUsd(holdingsData.available) }) : '',
        RAMP_SOURCE_METHODS,
      ),
    [assetsData, banksData, holdingsData, t],
  );

  // The first asset and method the user can choose, until they choose (document 1, section 4).
  const asset = chooseOption(assetOptions, assetKey);
  const assetNetwork = asset?.network ?? null;
  // Shown (and used) until the user types in the field; on another network the field stays theirs.
  const walletDefault =
    !addressEdited && address === '' && walletAccount !== null && assetNetwork === 'xrpl' ? walletAccount : null;
  const lastUsed =
    !addressEdited && address === '' && walletDefault === null && assetNetwork !== null
      ? lastBuyDestination(pastOrders.data, assetNetwork)
      : null;
  const buyAddress = walletDefault ?? lastUsed?.address ?? address;
  const buyMemo = lastUsed && !memoEdited && memo === '' ? lastUsed.memo : memo;
  const fromWallet = walletAccount !== null && buyAddress === walletAccount && assetNetwork === 'xrpl';
  const source = chooseOption(sources, sourceKey);

  const limits = useQuery(rampLimitsQueryOptions(api, source?.network ?? null));
  const limit = source ? limitFor(limits.data, source.network) : null;
  const limitsData = useDeferredValue(limits.data);
  const shownLimit = source ? limitFor(limitsData, source.network) : null;

  const normalised = normaliseUsd(amount);
  const { estimateInput, estimate } = useTradeEstimate(
    api,
    asset && source && normalised ? estimateRequestOf({ asset, source, amount: normalised }) : null,
  );
  const estimateData = useDeferredValue(estimate.data);

  const memoRule = asset && isAddressNetwork(asset.network) ? NETWORK_MEMO_RULES[asset.network] : null;
  // "Memo for stablecoins" off: a stablecoin goes to the address alone (docs/feature-flags.md).
  const usesMemo = memoRule !== null && memoRule.memo !== 'none' && !!asset && !isMemoSwitchedOff(flags, asset);

  // The address checks load on the first address typed, left or submitted (lib/address-checks.ts); until then
  // (only if their chunk failed to load) the API's own check stands.
  const addressProblem = useCallback(
    (value: string, checks: AddressChecks | null): string | undefined => {
      if (!asset) return undefined;
      if (value.trim() === '') return t('rules:required' as never);
      const checked = checks?.validateAddress(asset.network, value, currentLanguage());
      return !checked || checked.ok ? undefined : checked.message;
    },
    [asset, t],
  );
  const memoProblem = useCallback(
    (value: string, checks: AddressChecks | null): string | undefined => {
      if (!asset || !usesMemo) return undefined;
      const checked = checks?.validateMemo(asset.network, value, currentLanguage());
      return !checked || checked.ok ? undefined : checked.message;
    },
    [asset, usesMemo],
  );

  const validate = (): FieldErrors<Field> => {
    const next: FieldErrors<Field> = {};
    if (!asset) next.buyAsset = t('messages.assetRequired');
    if (!source) next.sellMethod = t('messages.methodRequired');
    const cents = normalised ? usdCents(normalised) : null;
    if (amount.trim() === '') next.amount = t('messages.amountRequired');
    else if (cents === null || cents === 0n) next.amount = t('messages.amountInvalid');
    else if (limits.data && cents < (usdCents(limits.data.minimumTrade) ?? 0n))
      next.amount = t('messages.amountBelowMinimum', { amount: formatUsd(limits.data.minimumTrade) });
    else if (limit && cents > (usdCents(limit.remaining) ?? 0n))
      next.amount = t('messages.amountAboveRemaining', { amount: formatUsd(limit.remaining) });
    // Paid from the USD balance: no more than is available, before any code is sent (decision 053).
    else if (source?.network === 'primex_usd' && holdings.data && cents > (usdCents(holdings.data.available) ?? 0n))
      next.amount = t('server.insufficientFunds');
    const addressError = addressProblem(buyAddress, loadedAddressChecks());
    if (addressError) next.buyAddress = addressError;
    const memoError = memoProblem(buyMemo, loadedAddressChecks());
    if (memoError) next.buyMemo = memoError;
    return next;
  };
  const checks = useForm<Field>({ fields: FIELDS, validate });
  const { setError, clear } = checks;

  // Stable handlers, so the memoised fields render again only when their own value, label or error changes.
  const chooseAsset = useCallback(
    (key: string) => {
      setAssetKey(key);
      setTouched(true);
      clear();
    },
    [clear],
  );
  const chooseSource = useCallback(
    (key: string) => {
      setSourceKey(key);
      setTouched(true);
      clear('sellMethod');
      clear('amount');
    },
    [clear],
  );
  const changeAmount = useCallback(
    (value: string) => {
      setAmount(value);
      setTouched(true);
      clear('amount');
    },
    [clear],
  );
  const changeAddress = useCallback(
    (value: string) => {
      withAddressChecks(() => undefined);
      setAddress(value);
      setAddressEdited(true);
      setTouched(true);
      clear('buyAddress');
    },
    [clear],
  );
  const blurAddress = useCallback(() => {
    if (buyAddress.trim() !== '')
      withAddressChecks((checks) => setError('buyAddress', addressProblem(buyAddress, checks)));
  }, [buyAddress, addressProblem, setError]);
  const changeMemo = useCallback(
    (value: string) => {
      withAddressChecks(() => undefined);
      setMemo(value);
      setMemoEdited(true);
      setTouched(true);
      clear('buyMemo');
    },
    [clear],
  );
  const blurMemo = useCallback(() => {
    if (buyMemo.trim() !== '') withAddressChecks((checks) => setError('buyMemo', memoProblem(buyMemo, checks)));
  }, [buyMemo, memoProblem, setError]);

  // Continue: the draft to /trade/summary once every field passes (the address checks loaded first, if not yet).
  const submit = (event: FormEvent) => {
    const send = checks.handleSubmit(async () => {
      if (!asset || !source || !normalised) return;
      setBuyDraft({
        asset,
        source,
        amount: normalised,
        address: buyAddress.trim(),
        memo: usesMemo ? buyMemo.trim() : '',
      });
      void navigate(TRADE_PATHS.summary);
    });
    if (loadedAddressChecks()) return send(event);
    event.preventDefault();
    return loadAddressChecks().then(
      () => send(),
      // Their chunk did not load: the form says so as it says any unexpected error, once the other fields pass.
      (error: unknown) => checks.handleSubmit(() => Promise.reject(error))(),
    );
  };

  // Decision 045: the asset, then how to pay and the amount, the address and memo, the estimate and Continue, then
  // "coming soon". The form is drawn once both reads have answered without an error.
  const reveal = useStagedReveal([assets, banks], FORM_STEPS, assetsData !== undefined && banksData !== undefined);

  return {
    reveal,
    errors: checks.errors,
    submit,
    sections,
    unavailable,
    sources,
    asset,
    source,
    chooseAsset,
    chooseSource,
    amount,
    changeAmount,
    address: {
      value: buyAddress,
      change: changeAddress,
      blur: blurAddress,
      fromWallet,
      lastUsed: lastUsed !== null,
    },
    memo: usesMemo && memoRule ? { value: buyMemo, change: changeMemo, blur: blurMemo, rule: memoRule } : null,
    estimate: {
      hasInput: estimateInput !== null,
      lines: estimateData ? tradeLines(t as never, estimateData, asset?.decimals ?? 2) : null,
      error: estimate.isError ? estimate.error : null,
      limit: shownLimit,
      method: source?.network ?? null,
    },
  };
}
