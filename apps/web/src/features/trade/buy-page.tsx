import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  NETWORK_MEMO_RULES,
  RAMP_SOURCE_METHODS,
  isAddressNetwork,
  validateAddress,
  validateMemo,
  type FeatureInterestRequest,
  type RampLimitsReply,
  type TransferMethodKey,
} from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { useSnackbar } from '../../components/ui/snackbar';
import { TextField } from '../../components/ui/text-field';
import { errorText, isApiError, useApi } from '../../lib/api';
import { formatUsd } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { featureInterestsQueryOptions, rampAssetsQueryOptions, recordFeatureInterest, tradeKey } from './api/ramp-assets';
import { rampLimitsQueryOptions } from './api/ramp-limits';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { tradeEstimate } from './api/trade-estimate';
import { AssetPicker } from './components/asset-picker';
import { PayWith } from './components/pay-with';
import { TradeHeader } from './components/trade-header';
import { TradeLines, TradeLinesSkeleton, tradeLines } from './components/trade-lines';
import { buildAssetOptions, buildPaymentMethodOptions, groupIntoSections, isSelectable, type AssetOption, type PaymentMethodOption } from './model/asset-options';
import { RAMPART_PROVIDER_ID } from './model/rampart-provider';
import { estimateRequestOf, normaliseUsd, setBuyDraft, tradeDraftStore, usdCents } from './model/trade-draft';
import { TRADE_PATHS } from './paths';

/** Document 2, section 9: the default amount of a trade. */
export const DEFAULT_TRADE_AMOUNT = '100';

type Field = 'buyAsset' | 'sellMethod' | 'amount' | 'buyAddress' | 'buyMemo';
type FieldErrors = Partial<Record<Field, string>>;

/** The limit that matters for this method: the weekly one of a slow method, else the daily trading limit. */
export function limitFor(limits: RampLimitsReply | undefined, method: string) {
  if (!limits) return null;
  return limits.limits.find((limit) => limit.kind === 'weekly_method' && limit.method === method) ?? limits.limits.find((limit) => limit.kind === 'daily_trades') ?? null;
}

/** Waits for the user to stop typing before asking the server for an estimate. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function interestRequest(option: AssetOption): FeatureInterestRequest | null {
  if (!option.featureInterestType) return null;
  return option.featureInterestType === 'stablecoin' ? { type: 'stablecoin', network: option.network, assetTicker: option.assetTicker } : { type: option.featureInterestType };
}

/**
 * /trade/buy (issue 6; document 1, sections 2-4; R13): the asset to buy, how to pay, the amount (100 by default),
 * where to send it (checked with the shared network rules, the memo or tag where the network uses one), and a live
 * estimate with every fee on its own line and the limit that remains. Continue hands the draft to /trade/summary.
 */
export function BuyPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const previous = tradeDraftStore.getState().draft;

  const assets = useQuery(rampAssetsQueryOptions(api));
  const banks = useQuery(bankAccountsQueryOptions(api));
  const holdings = useQuery(holdingsQueryOptions(api));
  const interests = useQuery(featureInterestsQueryOptions(api));

  const [assetKey, setAssetKey] = useState<string | null>(previous?.asset.key ?? null);
  const [sourceKey, setSourceKey] = useState<string | null>(previous?.source.key ?? null);
  const [amount, setAmount] = useState(previous?.amount ?? DEFAULT_TRADE_AMOUNT);
  const [address, setAddress] = useState(previous?.address ?? '');
  const [memo, setMemo] = useState(previous?.memo ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const assetOptions = useMemo(() => (assets.data ? buildAssetOptions(assets.data, 'to', RAMPART_PROVIDER_ID) : []), [assets.data]);
  const sections = useMemo(() => groupIntoSections(assetOptions), [assetOptions]);
  const unavailable = assetOptions.filter((option) => option.disabled && !option.hidden && option.featureInterestType);
  const sources = useMemo((): PaymentMethodOption[] => {
    if (!assets.data || !banks.data) return [];
    return buildPaymentMethodOptions({
      assets: assets.data,
      bankAccounts: banks.data,
      logos: new Map(),
      direction: 'from',
      text: {
        usdBalance: t('methods.primex_usd'),
        usdBalanceDescription: holdings.data ? t('methods.balanceAvailable', { amount: formatUsd(holdings.data.available) }) : '',
        bankMethod: (method, account) => t('methods.bankMethod', { method: t(`methods.${method}`), bank: account.nickname || account.bankName, last: account.lastDigits }),
        method: (method: TransferMethodKey) => t(`methods.${method}`),
      },
    }).filter((option) => (RAMP_SOURCE_METHODS as readonly string[]).includes(option.network));
  }, [assets.data, banks.data, holdings.data, t]);

  // The first asset and method the user can choose, until they choose (document 1, section 4).
  const asset = assetOptions.find((option) => option.key === assetKey && isSelectable(option)) ?? assetOptions.find(isSelectable) ?? null;
  const source = sources.find((option) => option.key === sourceKey && !option.disabled) ?? sources.find((option) => !option.disabled) ?? null;

  const limits = useQuery(rampLimitsQueryOptions(api, source?.network ?? null));
  const limit = source ? limitFor(limits.data, source.network) : null;

  const normalised = normaliseUsd(amount);
  const estimateInput = useDebounced(asset && source && normalised ? estimateRequestOf({ asset, source, amount: normalised }) : null, 300);
  const estimate = useQuery({
    queryKey: [...tradeKey, 'estimate', estimateInput],
    queryFn: ({ signal }) => (estimateInput ? tradeEstimate(api, estimateInput, signal) : Promise.reject(new Error('no input'))),
    enabled: estimateInput !== null,
    retry: false,
  });

  const notify = useMutation({
    mutationFn: (option: AssetOption) => {
      const body = interestRequest(option);
      return body ? recordFeatureInterest(api, body) : Promise.reject(new Error('no interest type'));
    },
    onSuccess: (_reply, option) => {
      snackbar.show({ message: t('buy.notifyDone', { asset: option.assetTickerDisplayName, network: option.networkDisplayName }), severity: 'success' });
      void queryClient.invalidateQueries({ queryKey: [...tradeKey, 'interests'] });
    },
    onError: (error) => snackbar.show({ message: isApiError(error) ? errorText(error) : t('common.unexpected'), severity: 'error' }),
  });
  const notified = (option: AssetOption) =>
    interests.data?.some((interest) => interest.type === option.featureInterestType && (interest.type !== 'stablecoin' || (interest.network === option.network && interest.assetTicker === option.assetTicker))) ?? false;

  const memoRule = asset && isAddressNetwork(asset.network) ? NETWORK_MEMO_RULES[asset.network] : null;
  const usesMemo = memoRule !== null && memoRule.memo !== 'none';

  const addressProblem = (value: string): string | undefined => {
    if (!asset) return undefined;
    if (value.trim() === '') return t('rules:required' as never);
    const checked = validateAddress(asset.network, value, currentLanguage());
    return checked.ok ? undefined : checked.message;
  };
  const memoProblem = (value: string): string | undefined => {
    if (!asset || !usesMemo) return undefined;
    const checked = validateMemo(asset.network, value, currentLanguage());
    return checked.ok ? undefined : checked.message;
  };

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    if (!asset) next.buyAsset = t('messages.assetRequired');
    if (!source) next.sellMethod = t('messages.methodRequired');
    const cents = normalised ? usdCents(normalised) : null;
    if (amount.trim() === '') next.amount = t('messages.amountRequired');
    else if (cents === null || cents === 0n) next.amount = t('messages.amountInvalid');
    else if (limits.data && cents < (usdCents(limits.data.minimumTrade) ?? 0n)) next.amount = t('messages.amountBelowMinimum', { amount: formatUsd(limits.data.minimumTrade) });
    else if (limit && cents > (usdCents(limit.remaining) ?? 0n)) next.amount = t('messages.amountAboveRemaining', { amount: formatUsd(limit.remaining) });
    const addressError = addressProblem(address);
    if (addressError) next.buyAddress = addressError;
    const memoError = memoProblem(memo);
    if (memoError) next.buyMemo = memoError;
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0 || !asset || !source || !normalised) return;
    setBuyDraft({ asset, source, amount: normalised, address: address.trim(), memo: usesMemo ? memo.trim() : '' });
    void navigate(TRADE_PATHS.summary);
  };

  if (assets.isPending || banks.isPending) return <Skeleton label={t('common.loading')} />;
  if (assets.isError || banks.isError) {
    const error = assets.error ?? banks.error;
    return (
      <MessageBlock
        title={t('buy.loadFailed')}
        message={isApiError(error) ? errorText(error) : t('common.unexpected')}
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

  const lines = estimate.data ? tradeLines(t as never, estimate.data, asset?.decimals ?? 2) : null;
  const addressLabel = asset ? t('buy.addressLabel', { network: asset.networkDisplayName }) : '';

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('buy.title')} intro={t('buy.intro')} backTo="/" backLabel={t('common.backHome')} />

      {sections.length === 0 ? (
        <p className="text-base text-ink-muted">{t('buy.noAssets')}</p>
      ) : (
        <AssetPicker
          sections={sections}
          value={asset?.key ?? null}
          onChange={(key) => {
            setAssetKey(key);
            setErrors({});
          }}
          error={errors.buyAsset}
        />
      )}

      {sources.length === 0 ? (
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
        <PayWith
          options={sources}
          value={source?.key ?? null}
          onChange={(key) => {
            setSourceKey(key);
            setErrors((current) => ({ ...current, sellMethod: undefined, amount: undefined }));
          }}
          error={errors.sellMethod}
        />
      )}

      <TextField
        name="amount"
        label={t('buy.amountLabel')}
        description={t('buy.amountHelp')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
      />

      {asset ? (
        <>
          <TextField
            name="buyAddress"
            label={addressLabel}
            description={t('buy.addressHelp', { asset: asset.assetTickerDisplayName })}
            autoComplete="off"
            spellCheck="false"
            value={address}
            onChange={(value) => {
              setAddress(value);
              if (errors.buyAddress) setErrors((current) => ({ ...current, buyAddress: undefined }));
            }}
            onBlur={() => {
              if (address.trim() !== '') setErrors((current) => ({ ...current, buyAddress: addressProblem(address) }));
            }}
            error={errors.buyAddress}
          />
          {usesMemo ? (
            <TextField
              name="buyMemo"
              label={t(memoRule.label === 'destinationTag' ? 'buy.destinationTagLabel' : 'buy.memoLabel')}
              description={t(memoRule.memo === 'required' ? 'buy.memoRequiredHelp' : 'buy.memoOptionalHelp')}
              autoComplete="off"
              value={memo}
              onChange={(value) => {
                setMemo(value);
                if (errors.buyMemo) setErrors((current) => ({ ...current, buyMemo: undefined }));
              }}
              onBlur={() => {
                if (memo.trim() !== '') setErrors((current) => ({ ...current, buyMemo: memoProblem(memo) }));
              }}
              error={errors.buyMemo}
            />
          ) : null}
        </>
      ) : null}

      <section aria-labelledby="estimate-heading" className="flex flex-col gap-2">
        <h2 id="estimate-heading" className="text-base font-semibold text-ink">
          {t('estimate.heading')}
        </h2>
        {estimateInput === null ? (
          <p className="text-sm text-ink-muted">{t('estimate.enterAmount')}</p>
        ) : lines ? (
          <TradeLines lines={lines} testId="estimate-lines" />
        ) : estimate.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {t('estimate.failed', { details: isApiError(estimate.error) ? errorText(estimate.error) : t('common.unexpected') })}
          </p>
        ) : (
          <TradeLinesSkeleton label={t('estimate.updating')} />
        )}
        {limit && source ? (
          <p className="text-sm text-ink-muted" data-testid="limit-remaining">
            {limit.kind === 'weekly_method'
              ? t('limits.remaining', { amount: formatUsd(limit.remaining), limit: formatUsd(limit.limit), method: t(`methods.${source.network}`) })
              : t('limits.remainingDaily', { amount: formatUsd(limit.remaining), limit: formatUsd(limit.limit) })}
          </p>
        ) : null}
      </section>

      <Button type="submit" fullWidth>
        {t('buy.continue')}
      </Button>

      {unavailable.length > 0 ? (
        <section aria-labelledby="unavailable-heading" className="flex flex-col gap-2 border-t border-line pt-4">
          <h2 id="unavailable-heading" className="text-base font-semibold text-ink">
            {t('buy.unavailableHeading')}
          </h2>
          <p className="text-sm text-ink-muted">{t('buy.unavailableText')}</p>
          <ul className="flex flex-col gap-2">
            {unavailable.map((option) => {
              const done = notified(option);
              const label = t('buy.assetOption', { asset: option.assetTickerDisplayName, network: option.networkDisplayName });
              return (
                <li key={option.key} className="flex min-h-11 items-center gap-3">
                  <img src={option.imageURL} alt="" width={28} height={28} className="size-7 shrink-0 rounded-full opacity-60" />
                  <span className="min-w-0 flex-1 text-base text-ink-muted">{label}</span>
                  <Button
                    variant="secondary"
                    isDisabled={done || notify.isPending}
                    aria-label={done ? undefined : t('buy.notifyMeAbout', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })}
                    onPress={() => notify.mutate(option)}
                  >
                    {done ? t('buy.notified') : t('buy.notifyMe')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </form>
  );
}
