import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { RAMP_DESTINATION_METHODS, type TransferMethodKey } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatUsd } from '../../lib/format';
import { rampAssetsQueryOptions, tradeKey } from './api/ramp-assets';
import { rampLimitsQueryOptions } from '../../lib/queries/limits';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { tradeEstimate } from './api/trade-estimate';
import { DEFAULT_TRADE_AMOUNT, limitFor, useDebounced } from './buy-page';
import { AssetPicker } from './components/asset-picker';
import { ComingSoon } from './components/coming-soon';
import { EstimateSection } from './components/estimate-section';
import { PayWith } from './components/pay-with';
import { TradeHeader } from './components/trade-header';
import { formatAssetAmount, tradeLines } from './components/trade-lines';
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
  compareDecimals,
  normaliseAssetAmount,
  saveSellForm,
  sellEstimateRequestOf,
  setSellDraft,
  tradeDraftStore,
} from './model/trade-draft';
import { TRADE_PATHS, methodListPath } from './paths';

type Delivery = 'holdings' | 'deposit';
type Field = 'sellAsset' | 'delivery' | 'amount' | 'payout';
type FieldErrors = Partial<Record<Field, string>>;

/** What the user holds of a ticker (R14: holdings are per ticker, whatever chain they came by); '0' when nothing. */
export function heldAmount(
  assets: readonly { assetTicker: string; available: string }[] | undefined,
  ticker: string,
): string {
  return assets?.find((held) => held.assetTicker.toUpperCase() === ticker.toUpperCase())?.available ?? '0';
}

/**
 * /trade/sell (R13, R14; decision 030): the asset to sell, where it comes from (the user's holdings, with
 * what is available and Max, or a deposit from an external wallet, whose minimum deposit is shown before anything
 * is sent), the amount (100 by default, in the asset), where the dollars go (USD balance or a linked bank), and the
 * live estimate with every fee on its own line. Continue hands the draft to /trade/summary.
 */
export function SellPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);

  const assetOptions = useMemo(
    () => (assets.data ? buildAssetOptions(assets.data, 'from', RAMPART_PROVIDER_ID) : []),
    [assets.data],
  );
  const sections = useMemo(() => groupIntoSections(assetOptions), [assetOptions]);
  const unavailable = assetOptions.filter((option) => option.disabled && !option.hidden && option.featureInterestType);
  const payouts = useMemo((): PaymentMethodOption[] => {
    if (!assets.data || !banks.data) return [];
    return buildPaymentMethodOptions({
      assets: assets.data,
      bankAccounts: banks.data,
      logos: new Map(),
      direction: 'to',
      text: {
        usdBalance: t('methods.primex_usd'),
        usdBalanceDescription: holdings.data
          ? t('sell.balanceNow', { amount: formatUsd(holdings.data.available) })
          : '',
        bankMethod: (method, account) =>
          t('methods.bankMethod', {
            method: t(`methods.${method}`),
            bank: account.nickname || account.bankName,
            last: account.lastDigits,
          }),
        method: (method: TransferMethodKey) => t(`methods.${method}`),
      },
    }).filter((option) => (RAMP_DESTINATION_METHODS as readonly string[]).includes(option.network));
  }, [assets.data, banks.data, holdings.data, t]);

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
  const touch = () => setTouched(true);

  const limits = useQuery(rampLimitsQueryOptions(api, payout?.network ?? null));
  const limit = payout ? limitFor(limits.data, payout.network) : null;

  const normalised = asset ? normaliseAssetAmount(amount, asset.decimals) : null;
  const estimateInput = useDebounced(
    asset && payout && normalised && compareDecimals(normalised, '0') > 0
      ? sellEstimateRequestOf({ asset, delivery: source, payout, amount: normalised })
      : null,
    300,
  );
  const estimate = useQuery({
    queryKey: [...tradeKey, 'estimate', estimateInput],
    queryFn: ({ signal }) =>
      estimateInput ? tradeEstimate(api, estimateInput, signal) : Promise.reject(new Error('no input')),
    enabled: estimateInput !== null,
    retry: false,
  });

  const assetAmount = (value: string, option: AssetOption) =>
    formatAssetAmount(value, option.assetTickerDisplayName, option.decimals);

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0 || !asset || !payout || !normalised) return;
    setSellDraft({ asset, delivery: source, amount: normalised, payout });
    void navigate(TRADE_PATHS.summary);
  };

  if (assets.isPending || banks.isPending) return <Skeleton label={t('common.loading')} />;
  if (assets.isError || banks.isError) {
    const error = assets.error ?? banks.error;
    return (
      <MessageBlock
        title={t('sell.loadFailed')}
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

  const lines = estimate.data ? tradeLines(t as never, estimate.data, asset?.decimals ?? 2) : null;

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('sell.title')} intro={t('sell.intro')} backTo="/" backLabel={t('common.backHome')} />

      {sections.length === 0 ? (
        <p className="text-base text-ink-muted">{t('sell.noAssets')}</p>
      ) : (
        <AssetPicker
          name="sellAsset"
          label={t('sell.assetLabel')}
          sections={sections}
          value={asset?.key ?? null}
          onChange={(key) => {
            setAssetKey(key);
            // The source follows the new asset's holdings until the user picks one again.
            setDelivery(null);
            touch();
            setErrors({});
          }}
          error={errors.sellAsset}
        />
      )}

      {asset ? (
        <RadioGroup
          name="delivery"
          value={source}
          onChange={(value) => {
            setDelivery(value as Delivery);
            touch();
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          className="flex flex-col gap-2"
        >
          <Label className="text-sm font-semibold text-ink">{t('sell.sourceLabel')}</Label>
          <SourceCard
            value="holdings"
            title={t('sell.fromHoldings')}
            description={t('sell.holdingsAvailable', { amount: assetAmount(held, asset) })}
          />
          <SourceCard
            value="deposit"
            title={t('sell.fromWallet')}
            description={
              asset.minimumDeposit
                ? t('sell.minimumDeposit', { amount: assetAmount(asset.minimumDeposit, asset) })
                : t('sell.depositHelp')
            }
          />
        </RadioGroup>
      ) : null}

      {asset && source === 'deposit' && asset.minimumDeposit ? (
        <p
          className="rounded-xl border border-warning bg-warning-soft p-3 text-sm text-ink"
          data-testid="minimum-deposit"
        >
          {t('sell.minimumDepositNotice', {
            amount: assetAmount(asset.minimumDeposit, asset),
            network: asset.networkDisplayName,
          })}
        </p>
      ) : null}

      <div className="flex flex-col gap-2">
        <TextField
          name="amount"
          label={t('sell.amountLabel', { asset: asset?.assetTickerDisplayName ?? '' })}
          description={t('sell.amountHelp')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            touch();
            if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
        />
        {asset && source === 'holdings' && holdsSome ? (
          <Button
            variant="secondary"
            aria-label={t('sell.maxLabel', { amount: assetAmount(held, asset) })}
            onPress={() => {
              setAmount(normaliseAssetAmount(held, asset.decimals) ?? held);
              touch();
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
          >
            {t('sell.max')}
          </Button>
        ) : null}
      </div>

      <PayWith
        name="payout"
        label={t('sell.payoutLabel')}
        options={payouts}
        value={payout?.key ?? null}
        onChange={(key) => {
          setPayoutKey(key);
          touch();
          setErrors((current) => ({ ...current, payout: undefined }));
        }}
        error={errors.payout}
      />
      <div className="-mt-3 flex flex-wrap gap-x-4">
        <Link
          to={methodListPath('sell')}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink"
        >
          {t('method.compare')}
        </Link>
        {payouts.every((option) => option.network === 'primex_usd') ? (
          <Link
            to={`/methods/bank?redirect=${encodeURIComponent(TRADE_PATHS.sell)}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink"
          >
            {t('sell.linkBank')}
          </Link>
        ) : null}
      </div>

      <EstimateSection
        hasInput={estimateInput !== null}
        lines={lines}
        error={estimate.isError ? estimate.error : null}
        limit={limit}
        method={payout?.network ?? null}
      />

      <Button type="submit" fullWidth>
        {t('buy.continue')}
      </Button>

      <ComingSoon
        options={unavailable}
        heading={t('buy.unavailableHeading')}
        text={t('sell.unavailableText')}
        nameOf={(option) =>
          t('buy.assetOption', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
        }
        notifyLabel={(option) =>
          t('buy.notifyMeAbout', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
        }
        doneMessage={(option) =>
          t('sell.notifyDone', { asset: option.assetTickerDisplayName, network: option.networkDisplayName })
        }
      />
    </form>
  );
}

/** One source of the asset, as a radio card like "Pay with"'s (44 px+ target, arrow keys move). */
function SourceCard({ value, title, description }: { value: Delivery; title: string; description: string }) {
  return (
    <Radio
      value={value}
      className={({ isSelected, isFocusVisible }) =>
        [
          'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 outline-none transition-colors',
          isSelected
            ? 'border-primary bg-primary-soft'
            : 'border-line-strong bg-surface data-[hovered]:bg-surface-muted',
          isFocusVisible ? 'outline-3 outline-offset-2 outline-focus' : '',
        ].join(' ')
      }
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={[
              'flex size-5 shrink-0 items-center justify-center rounded-full border-2',
              isSelected ? 'border-primary' : 'border-line-strong',
            ].join(' ')}
          >
            {isSelected ? <span className="size-2.5 rounded-full bg-primary" /> : null}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold break-words text-ink">{title}</span>
            <span className="text-sm break-words text-ink-muted" data-testid={`source-${value}-description`}>
              {description}
            </span>
          </span>
        </>
      )}
    </Radio>
  );
}
