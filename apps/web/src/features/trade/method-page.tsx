import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  FIAT_TICKER,
  TRANSFER_METHODS,
  rampAssetKey,
  type RampAsset,
  type RampLimit,
  type RampLimitsReply,
  type TransferMethodKey,
} from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { currentIntlLocale, formatDateTime, formatUsd } from '../../lib/format';
import { NotFoundPage } from '../../components/not-found-page';
import { rampAssetsQueryOptions } from './api/ramp-assets';
import { allRampLimitsQueryOptions, rampLimitsQueryOptions } from '../../lib/queries/limits';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { NotifyMeButton, useNotifyMe } from './components/coming-soon';
import { TradeHeader } from './components/trade-header';
import { buildPaymentMethodOptions, type AssetOption, type PaymentMethodOption } from './model/asset-options';
import {
  isTradeSide,
  limitsOf,
  methodFee,
  needsLinkedBank,
  tradeMethodOf,
  tradeMethodsFor,
  tradeSidesOf,
  unavailableMethodsFor,
  type TradeSide,
} from './model/trade-methods';
import { chooseMethod, tradeDraftStore } from './model/trade-draft';
import { TRADE_PATHS, methodDetailPath, methodListPath } from './paths';

type T = ReturnType<typeof useTranslation<'trade'>>['t'];

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
  const options = useMemo((): PaymentMethodOption[] => {
    if (!assets.data || !banks.data) return [];
    return buildPaymentMethodOptions({
      assets: assets.data,
      bankAccounts: banks.data,
      logos: new Map(),
      direction: side === 'buy' ? 'from' : 'to',
      text: {
        usdBalance: t('methods.primex_usd'),
        usdBalanceDescription: holdings.data
          ? t('methods.balanceAvailable', { amount: formatUsd(holdings.data.available) })
          : '',
        bankMethod: (method, account) =>
          t('methods.bankMethod', {
            method: t(`methods.${method}`),
            bank: account.nickname || account.bankName,
            last: account.lastDigits,
          }),
        method: (method: TransferMethodKey) => t(`methods.${method}`),
      },
    });
  }, [assets.data, banks.data, holdings.data, side, t]);
  return { assets, banks, holdings, options };
}

/** "0.5% fee", "$2.00 fee", "No fee" (document 2, section 9's fees; the USD balance's is nothing). */
export function feeText(t: T, method: TransferMethodKey): string {
  const fee = methodFee(method);
  if (fee.kind === 'none') return t('method.feeNone');
  if (fee.kind === 'fixed') return t('method.feeFixed', { amount: formatUsd(fee.amount) });
  const percent = new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(
    fee.fraction as `${number}`,
  );
  return t('method.feePercent', { percent });
}

/** The limit line of a method in the list: its weekly limit with what remains, else that it has none. */
function limitText(t: T, method: TransferMethodKey, limits: RampLimitsReply | undefined): string {
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

/** The buttons that choose one of a method's options for the side's trade, and send the user back to it. */
function MethodChoices({
  method,
  side,
  options,
}: {
  method: TransferMethodKey;
  side: TradeSide;
  options: readonly PaymentMethodOption[];
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const navigate = useNavigate();
  const forms = tradeDraftStore.getState().forms;
  const chosen = side === 'buy' ? forms.buy?.sourceKey : forms.sell?.payoutKey;
  const mine = options.filter((option) => option.network === method && !option.featureInterestType);
  if (mine.length === 0 && needsLinkedBank(method)) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-ink-muted">{t('method.needsBank')}</p>
        <LinkButton to={`/methods/bank?redirect=${encodeURIComponent(methodListPath(side))}`} variant="secondary">
          {t('method.linkBank')}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {mine.map((option) => (
        <Button
          key={option.key}
          variant={option.key === chosen ? 'primary' : 'secondary'}
          isDisabled={option.disabled}
          aria-label={t('method.useLabel', { option: option.label })}
          onPress={() => {
            chooseMethod(side, option.key);
            void navigate(side === 'buy' ? TRADE_PATHS.buy : TRADE_PATHS.sell);
          }}
        >
          {option.disabled
            ? t('method.reauth', { option: option.label })
            : option.key === chosen
              ? t('method.chosen', { option: option.label })
              : t('method.use', { option: option.label })}
        </Button>
      ))}
    </div>
  );
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

function MethodFacts({ method, limit }: { method: TransferMethodKey; limit?: string }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-ink-muted">{t('method.settlement')}</dt>
      <dd className="text-ink">{t(`method.settlements.${TRANSFER_METHODS[method].settlementText}`)}</dd>
      <dt className="text-ink-muted">{t('method.fee')}</dt>
      <dd className="text-ink">{feeText(t, method)}</dd>
      {limit ? (
        <>
          <dt className="text-ink-muted">{t('method.limit')}</dt>
          <dd className="text-ink" data-testid={`limit-${method}`}>
            {limit}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * /trade/method?side=buy|sell (R13; document 2, section 9; decision 030): the methods of the side's trade, each with
 * its settlement time, fee and limit, and a button per option (the USD balance, each linked bank) that chooses it
 * and returns to the trade. The methods trades do not take (card, wires) are listed with "notify me".
 */
export function MethodPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  const api = useApi();
  const side = useSide();
  const { assets, banks, options } = useMethodOptions(side);
  const limits = useQuery(allRampLimitsQueryOptions(api));
  const notify = useNotifyMe((option) => t('method.notifyDone', { method: t(`methods.${option.network}`) }));

  if (assets.isPending || banks.isPending) return <Skeleton label={t('common.loading')} />;
  if (assets.isError || banks.isError) {
    const error = assets.error ?? banks.error;
    return (
      <MessageBlock
        title={t('method.loadFailed')}
        message={isApiError(error) ? serverText.ofError(error) : t('common.unexpected')}
      />
    );
  }
  const unavailable = unavailableMethodsFor(side)
    .map((method) => methodAsOption(assets.data, method))
    .filter(
      (option): option is AssetOption =>
        option !== null && option.disabled && !option.hidden && option.featureInterestType !== null,
    );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader
        title={t('method.title')}
        intro={t(side === 'buy' ? 'method.introBuy' : 'method.introSell')}
        backTo={side === 'buy' ? TRADE_PATHS.buy : TRADE_PATHS.sell}
      />
      <ul className="flex flex-col gap-4" aria-label={t('method.listLabel')}>
        {tradeMethodsFor(side).map((method) => (
          <li
            key={method}
            className="flex flex-col gap-3 rounded-xl border border-line p-4"
            data-testid={`method-${method}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-semibold text-ink">{t(`methods.${method}`)}</h2>
              <Link
                to={methodDetailPath(method, side)}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink"
                aria-label={t('method.detailsOf', { method: t(`methods.${method}`) })}
              >
                {t('method.details')}
              </Link>
            </div>
            <MethodFacts method={method} limit={limitText(t, method, limits.data)} />
            <MethodChoices method={method} side={side} options={options} />
          </li>
        ))}
      </ul>
      {unavailable.length > 0 ? (
        <section aria-labelledby="unavailable-methods" className="flex flex-col gap-3 border-t border-line pt-4">
          <h2 id="unavailable-methods" className="text-base font-semibold text-ink">
            {t('buy.unavailableHeading')}
          </h2>
          <p className="text-sm text-ink-muted">{t('method.unavailableText')}</p>
          <ul className="flex flex-col gap-3">
            {unavailable.map((option) => {
              const method = option.network as TransferMethodKey;
              return (
                <li
                  key={method}
                  className="flex flex-col gap-2 rounded-xl border border-line p-4 opacity-90"
                  data-testid={`method-${method}`}
                >
                  <h3 className="text-base font-semibold text-ink-muted">{t(`methods.${method}`)}</h3>
                  <MethodFacts method={method} />
                  <div>
                    <NotifyMeButton
                      option={option}
                      label={t('method.notifyMeAbout', { method: t(`methods.${method}`) })}
                      state={notify}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One limit as a line: its kind and size, what is left, and when more frees up. */
function LimitLine({ limit, method }: { limit: RampLimit; method: TransferMethodKey }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const name = t(`method.limitKinds.${limit.kind}`, { limit: formatUsd(limit.limit), method: t(`methods.${method}`) });
  return (
    <li className="flex flex-col gap-0.5" data-testid={`limit-${limit.kind}`}>
      <span className="text-ink">{name}</span>
      {limit.kind === 'per_trade' ? null : (
        <span className="text-sm text-ink-muted">
          {t('method.left', { amount: formatUsd(limit.remaining) })}
          {limit.nextReleaseAt ? ` ${t('method.nextRelease', { time: formatDateTime(limit.nextReleaseAt) })}` : ''}
        </span>
      )}
    </li>
  );
}

/**
 * /trade/method/:tradeMethod (decision 030): one payment method in full: settlement, fee, where it works, which
 * trades take it, its limits with what remains (/ramp/limits), and what it needs (a linked bank, the USD balance).
 * A method that does not exist is the not-found page.
 */
export function MethodDetailPage() {
  const { tradeMethod } = useParams();
  const method = tradeMethodOf(tradeMethod);
  if (!method) return <NotFoundPage />;
  return <MethodDetail method={method} />;
}

function MethodDetail({ method }: { method: TransferMethodKey }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  const api = useApi();
  const side = useSide();
  const sides = tradeSidesOf(method);
  // The options of the side it is open for, or of the side this method serves.
  const optionSide = sides.includes(side) ? side : (sides[0] ?? side);
  const { assets, banks, holdings, options } = useMethodOptions(optionSide);
  const limits = useQuery(rampLimitsQueryOptions(api, method));
  const notify = useNotifyMe(() => t('method.notifyDone', { method: t(`methods.${method}`) }));
  const name = t(`methods.${method}`);
  const asOption = methodAsOption(assets.data, method);
  const bankOptions = options.filter((option) => option.network === method && !option.featureInterestType);

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader
        title={name}
        intro={t('method.detailIntro', { method: name })}
        backTo={methodListPath(side)}
        backLabel={t('method.backToList')}
      />
      <section aria-labelledby="facts-heading" className="flex flex-col gap-2">
        <h2 id="facts-heading" className="text-base font-semibold text-ink">
          {t('method.factsHeading')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">{t('method.settlement')}</dt>
          <dd className="text-ink">{t(`method.settlements.${TRANSFER_METHODS[method].settlementText}`)}</dd>
          <dt className="text-ink-muted">{t('method.fee')}</dt>
          <dd className="text-ink">{feeText(t, method)}</dd>
          <dt className="text-ink-muted">{t('method.reach')}</dt>
          <dd className="text-ink">{t(`method.reaches.${method}`)}</dd>
          <dt className="text-ink-muted">{t('method.usedFor')}</dt>
          <dd className="text-ink" data-testid="used-for">
            {sides.length === 0
              ? t('method.notForTrades')
              : sides.map((s) => t(s === 'buy' ? 'method.forBuying' : 'method.forSelling')).join(' · ')}
          </dd>
        </dl>
        {TRANSFER_METHODS[method].settlement.kind !== 'instant' && sides.length > 0 ? (
          <p className="text-sm text-ink-muted">{t('method.slowNote')}</p>
        ) : null}
      </section>

      {sides.length > 0 ? (
        <section aria-labelledby="limits-heading" className="flex flex-col gap-2">
          <h2 id="limits-heading" className="text-base font-semibold text-ink">
            {t('method.limitsHeading')}
          </h2>
          {limits.data ? (
            <ul className="flex flex-col gap-2" data-testid="method-limits">
              {limitsOf(limits.data, method).map((limit) => (
                <LimitLine key={limit.kind} limit={limit} method={method} />
              ))}
            </ul>
          ) : limits.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('method.limitsFailed', {
                details: isApiError(limits.error) ? serverText.ofError(limits.error) : t('common.unexpected'),
              })}
            </p>
          ) : (
            <p className="text-sm text-ink-muted">{t('common.loading')}</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="needs-heading" className="flex flex-col gap-2">
        <h2 id="needs-heading" className="text-base font-semibold text-ink">
          {t('method.needsHeading')}
        </h2>
        {sides.length === 0 ? (
          <>
            <p className="text-sm text-ink-muted">{t('method.notForTradesText', { method: name })}</p>
            {asOption?.featureInterestType ? (
              <div>
                <NotifyMeButton option={asOption} label={t('method.notifyMeAbout', { method: name })} state={notify} />
              </div>
            ) : null}
          </>
        ) : needsLinkedBank(method) ? (
          <>
            <p className="text-sm text-ink-muted">{t('method.needsBankText')}</p>
            {banks.isPending ? null : bankOptions.length > 0 ? (
              <ul className="flex flex-col gap-1 text-sm text-ink" data-testid="linked-banks">
                {bankOptions.map((option) => (
                  <li key={option.key}>
                    {option.disabled ? t('method.reauth', { option: option.label }) : option.label}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink">{t('method.noBank')}</p>
            )}
            <Link
              to={`/methods/bank?redirect=${encodeURIComponent(methodDetailPath(method, side))}`}
              className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-ink"
            >
              {t(bankOptions.length > 0 ? 'method.linkAnotherBank' : 'method.linkBank')}
            </Link>
          </>
        ) : (
          <p className="text-sm text-ink-muted">
            {holdings.data
              ? t('method.balanceText', { amount: formatUsd(holdings.data.available) })
              : t('method.balanceTextPlain')}
          </p>
        )}
      </section>

      {sides.includes(optionSide) && !assets.isPending && (!needsLinkedBank(method) || bankOptions.length > 0) ? (
        <MethodChoices method={method} side={optionSide} options={options} />
      ) : null}
    </div>
  );
}
