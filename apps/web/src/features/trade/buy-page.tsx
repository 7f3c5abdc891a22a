import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type FormEvent,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  isMemoSwitchedOff,
  NETWORK_MEMO_RULES,
  RAMP_SOURCE_METHODS,
  isAddressNetwork,
  validateAddress,
  validateMemo,
  type RampLimitsReply,
  type TransferMethodKey,
} from '@rampart/contracts';
import { useFeatureFlags } from '../../lib/config';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { BuyPageHeader } from '../../components/ui/page-skeleton';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatUsd } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { rampAssetsQueryOptions, tradeKey } from './api/ramp-assets';
import { rampLimitsQueryOptions } from '../../lib/queries/limits';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { tradeEstimate } from './api/trade-estimate';
import { lastBuyDestination, recentOrders } from './api/orders';
import { clearEarlyReads } from './api/early-reads';
import { AssetPicker as AssetPickerField } from './components/asset-picker';
import { ComingSoon } from './components/coming-soon';
import { EstimateSection } from './components/estimate-section';
import { PayWith as PayWithField } from './components/pay-with';
import { tradeLines } from './components/trade-lines';
import {
  RAMPART_PROVIDER_ID,
  buildAssetOptions,
  buildPaymentMethodOptions,
  chooseOption,
  groupIntoSections,
  type AssetOption,
  type PaymentMethodOption,
} from './model/asset-options';
import {
  estimateRequestOf,
  normaliseUsd,
  saveBuyForm,
  setBuyDraft,
  tradeDraftStore,
  usdCents,
  DEFAULT_TRADE_AMOUNT,
} from './model/trade-draft';
import { TRADE_PATHS, methodListPath } from './paths';
import { useWalletAccount } from '../../lib/session/wallet-state';

// React Aria's select and radio group are the page's largest work: rendered again only when their own props change,
// not on every answer the page receives (the limits, the estimate, a keystroke in another field; decision 042).
const AssetPicker = memo(AssetPickerField);
const PayWith = memo(PayWithField);
// Decision 043: the fields whose props do not change when a read answers (react-query's answers render the page
// synchronously) are not rendered again then either.
const Field = memo(TextField);
const SubmitButton = memo(Button);

/** The assets that cannot be bought yet, with "Notify me" (rendered again only when that list changes). */
const BuyComingSoon = memo(function BuyComingSoon({ options }: { options: readonly AssetOption[] }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <ComingSoon
      options={options}
      heading={t('buy.unavailableHeading')}
      text={t('buy.unavailableText')}
      nameOf={(option) =>
        t('buy.assetOption', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
      }
      notifyLabel={(option) =>
        t('buy.notifyMeAbout', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
      }
      doneMessage={(option) =>
        t('buy.notifyDone', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
      }
    />
  );
});

/** Document 2, section 9: the default amount of a trade. */
export { DEFAULT_TRADE_AMOUNT };

/** The steps in which the form is committed after its asset field (decision 045). */
const FORM_STEPS = 4;

type Field = 'buyAsset' | 'sellMethod' | 'amount' | 'buyAddress' | 'buyMemo';
type FieldErrors = Partial<Record<Field, string>>;

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

/**
 * /trade/buy (document 1, sections 2-4; R13; decision 025): the asset to buy, how to pay, the amount (100 by default),
 * where to send it (checked with the shared network rules, the memo or tag where the network uses one), and a live
 * estimate with every fee on its own line and the limit that remains. Continue hands the draft to /trade/summary.
 */
export function BuyPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
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
  const pastOrders = useQuery({
    queryKey: [...tradeKey, 'recent-orders'],
    queryFn: ({ signal }) => recentOrders(api, signal),
    retry: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);
  const chooseAsset = useCallback((key: string) => {
    setAssetKey(key);
    setTouched(true);
    setErrors({});
  }, []);
  const chooseSource = useCallback((key: string) => {
    setSourceKey(key);
    setTouched(true);
    setErrors((current) => ({ ...current, sellMethod: undefined, amount: undefined }));
  }, []);
  const changeAmount = useCallback((value: string) => {
    setAmount(value);
    setTouched(true);
    setErrors((current) => (current.amount ? { ...current, amount: undefined } : current));
  }, []);
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
  const sources = useMemo((): PaymentMethodOption[] => {
    if (!assetsData || !banksData) return [];
    return buildPaymentMethodOptions({
      assets: assetsData,
      bankAccounts: banksData,
      logos: new Map(),
      direction: 'from',
      text: {
        usdBalance: t('methods.primex_usd'),
        usdBalanceDescription: holdingsData
          ? t('methods.balanceAvailable', { amount: formatUsd(holdingsData.available) })
          : '',
        bankMethod: (method, account) =>
          t('methods.bankMethod', {
            method: t(`methods.${method}`),
            bank: account.nickname || account.bankName,
            last: account.lastDigits,
          }),
        method: (method: TransferMethodKey) => t(`methods.${method}`),
      },
    }).filter((option) => (RAMP_SOURCE_METHODS as readonly string[]).includes(option.network));
  }, [assetsData, banksData, holdingsData, t]);

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
  const estimateInput = useDebounced(
    asset && source && normalised ? estimateRequestOf({ asset, source, amount: normalised }) : null,
    300,
  );
  const estimate = useQuery({
    queryKey: [...tradeKey, 'estimate', estimateInput],
    queryFn: ({ signal }) =>
      estimateInput ? tradeEstimate(api, estimateInput, signal) : Promise.reject(new Error('no input')),
    enabled: estimateInput !== null,
    retry: false,
  });
  const estimateData = useDeferredValue(estimate.data);

  const memoRule = asset && isAddressNetwork(asset.network) ? NETWORK_MEMO_RULES[asset.network] : null;
  // "Memo for stablecoins" off: a stablecoin goes to the address alone (docs/feature-flags.md).
  const usesMemo = memoRule !== null && memoRule.memo !== 'none' && !!asset && !isMemoSwitchedOff(flags, asset);

  const addressProblem = useCallback(
    (value: string): string | undefined => {
      if (!asset) return undefined;
      if (value.trim() === '') return t('rules:required' as never);
      const checked = validateAddress(asset.network, value, currentLanguage());
      return checked.ok ? undefined : checked.message;
    },
    [asset, t],
  );
  const memoProblem = useCallback(
    (value: string): string | undefined => {
      if (!asset || !usesMemo) return undefined;
      const checked = validateMemo(asset.network, value, currentLanguage());
      return checked.ok ? undefined : checked.message;
    },
    [asset, usesMemo],
  );
  // Stable handlers, so the memoised fields render again only when their own value, label or error changes.
  const changeAddress = useCallback((value: string) => {
    setAddress(value);
    setAddressEdited(true);
    setTouched(true);
    setErrors((current) => (current.buyAddress ? { ...current, buyAddress: undefined } : current));
  }, []);
  const blurAddress = useCallback(() => {
    if (buyAddress.trim() !== '') setErrors((current) => ({ ...current, buyAddress: addressProblem(buyAddress) }));
  }, [buyAddress, addressProblem]);
  const changeMemo = useCallback((value: string) => {
    setMemo(value);
    setMemoEdited(true);
    setTouched(true);
    setErrors((current) => (current.buyMemo ? { ...current, buyMemo: undefined } : current));
  }, []);
  const blurMemo = useCallback(() => {
    if (buyMemo.trim() !== '') setErrors((current) => ({ ...current, buyMemo: memoProblem(buyMemo) }));
  }, [buyMemo, memoProblem]);

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
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
    const addressError = addressProblem(buyAddress);
    if (addressError) next.buyAddress = addressError;
    const memoError = memoProblem(buyMemo);
    if (memoError) next.buyMemo = memoError;
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0 || !asset || !source || !normalised) return;
    setBuyDraft({
      asset,
      source,
      amount: normalised,
      address: buyAddress.trim(),
      memo: usesMemo ? buyMemo.trim() : '',
    });
    void navigate(TRADE_PATHS.summary);
  };

  // Decision 045: the form is committed in steps, each in a task of its own at a transition's priority, rather than in
  // one long task (its commit, React Aria's effects and the layout): the asset, then how to pay and the amount, the
  // address and memo, the estimate and Continue, then "coming soon". Each step adds below the last, so nothing moves.
  // The form is drawn (below: neither the skeleton nor the error) once both reads have answered without an error.
  const formReady = !assets.isError && !banks.isError && assetsData !== undefined && banksData !== undefined;
  const [shownSteps, setShownSteps] = useState(0);
  useEffect(() => {
    if (!formReady || shownSteps >= FORM_STEPS) return;
    const timer = setTimeout(() => startTransition(() => setShownSteps((steps) => steps + 1)), 0);
    return () => clearTimeout(timer);
  }, [formReady, shownSteps]);
  const shown = (step: number) => shownSteps >= step;

  // The page's header first (its intro is the largest paint, decisions 042 and 043): only the fields below it wait for
  // the reads. The same form element and header as below, so the header's nodes stay when the fields arrive; the app
  // draws the same header in the same place while it checks the session and loads this page (PageSkeleton).
  const header = <BuyPageHeader />;
  if (assets.isPending || banks.isPending || (!assets.isError && !banks.isError && (!assetsData || !banksData)))
    return (
      <form onSubmit={(event) => event.preventDefault()} noValidate className="flex min-w-0 flex-col gap-6">
        {header}
        <Skeleton label={t('common.loading')} />
      </form>
    );
  if (assets.isError || banks.isError) {
    const error = assets.error ?? banks.error;
    return (
      <MessageBlock
        title={t('buy.loadFailed')}
        message={isApiError(error) ? serverText.ofError(error) : t('common.unexpected')}
        actions={
          <Button
            onPress={() => {
              void assets.refetch();
              void banks.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const lines = estimateData ? tradeLines(t as never, estimateData, asset?.decimals ?? 2) : null;
  const addressLabel = asset ? t('buy.addressLabel', { network: asset.networkDisplayName }) : '';

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
      {header}

      {sections.length === 0 ? (
        <p className="text-base text-ink-muted">{t('buy.noAssets')}</p>
      ) : (
        <AssetPicker sections={sections} value={asset?.key ?? null} onChange={chooseAsset} error={errors.buyAsset} />
      )}

      {!shown(1) ? null : sources.length === 0 ? (
        <section className="flex flex-col gap-2 rounded-xl border border-line p-4" aria-labelledby="no-methods">
          <h2 id="no-methods" className="text-base font-semibold text-ink">
            {t('buy.noMethodsTitle')}
          </h2>
          <p className="text-sm text-ink-muted">{t('buy.noMethodsText')}</p>
          <LinkButton to="/methods/bank" variant="secondary">
            {t('buy.linkBank')}
          </LinkButton>
        </section>
      ) : (
        <PayWith options={sources} value={source?.key ?? null} onChange={chooseSource} error={errors.sellMethod} />
      )}
      {shown(1) ? (
        <>
          <Link
            to={methodListPath('buy')}
            className="-mt-3 inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-ink"
          >
            {t('method.compare')}
          </Link>

          <Field
            name="amount"
            label={t('buy.amountLabel')}
            description={t('buy.amountHelp')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={changeAmount}
            error={errors.amount}
          />
        </>
      ) : null}

      {asset && shown(2) ? (
        <>
          <Field
            name="buyAddress"
            label={addressLabel}
            description={
              fromWallet
                ? t('buy.walletAddressHelp')
                : lastUsed
                  ? t('buy.lastAddressHelp', { network: asset.networkDisplayName })
                  : t('buy.addressHelp', { asset: asset.assetTickerDisplayName })
            }
            autoComplete="off"
            spellCheck="false"
            value={buyAddress}
            onChange={changeAddress}
            onBlur={blurAddress}
            error={errors.buyAddress}
          />
          {usesMemo ? (
            <Field
              name="buyMemo"
              label={t(memoRule.label === 'destinationTag' ? 'buy.destinationTagLabel' : 'buy.memoLabel')}
              description={t(memoRule.memo === 'required' ? 'buy.memoRequiredHelp' : 'buy.memoOptionalHelp')}
              autoComplete="off"
              value={buyMemo}
              onChange={changeMemo}
              onBlur={blurMemo}
              error={errors.buyMemo}
            />
          ) : null}
        </>
      ) : null}

      {shown(3) ? (
        <>
          <EstimateSection
            hasInput={estimateInput !== null}
            lines={lines}
            error={estimate.isError ? estimate.error : null}
            limit={shownLimit}
            method={source?.network ?? null}
          />

          <SubmitButton type="submit" fullWidth>
            {t('buy.continue')}
          </SubmitButton>
        </>
      ) : null}

      {shown(4) ? <BuyComingSoon options={unavailable} /> : null}
    </form>
  );
}
