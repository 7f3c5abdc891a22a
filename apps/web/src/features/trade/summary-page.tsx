import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { useStoreState } from '../../lib/store';
import { tradeKey } from './api/ramp-assets';
import { holdingsQueryOptions } from './api/payment-sources';
import { requestQuote } from './api/ramp-quote';
import { TradeHeader } from './components/trade-header';
import { TradeLines, TradeLinesSkeleton, formatAssetAmount, tradeLines } from './components/trade-lines';
import {
  confirmQuote,
  idemIdFor,
  isSellDraft,
  quoteRequestOf,
  renewIdemId,
  tradeDraftStore,
  usdCents,
  type TradeDraft,
} from './model/trade-draft';
import { TRADE_PATHS } from './paths';

/** "4:59" from milliseconds left (never negative). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * /trade/summary: a firm quote for the draft (POST /ramp/quote with an idemId kept until the inputs change; no
 * retry, R16), every line of it and the time it is held for. When the time runs out it asks again with a new idemId
 * and says so. Confirm hands the quote to /trade/verify, which places the order with the user's second factor (R2:
 * "2FA required" is on, so every trade is confirmed there; decision 027).
 */
export function SummaryPage() {
  const { draft } = useStoreState(tradeDraftStore);
  const { t } = useTranslation('trade', { useSuspense: true });
  if (!draft) {
    return (
      <MessageBlock
        title={t('summary.noDraft')}
        actions={<LinkButton to={TRADE_PATHS.flow}>{t('summary.startTrade')}</LinkButton>}
      />
    );
  }
  return <Summary draft={draft} />;
}

function Summary({ draft }: { draft: TradeDraft }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const serverText = useServerText();
  const [idemId, setIdemId] = useState(() => idemIdFor(draft));
  const [requoted, setRequoted] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // No retry (R16): one request per idemId; the same idemId asked again would replay the same quote.
  const quote = useQuery({
    queryKey: [...tradeKey, 'quote', idemId],
    queryFn: async ({ signal }) => (await requestQuote(api, quoteRequestOf(draft, idemId), signal)).quote,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // A buy paid from the USD balance must fit it before the code is sent (decision 053): the balance is read again here.
  const fromBalance = !isSellDraft(draft) && draft.source.network === 'primex_usd';
  const holdings = useQuery({ ...holdingsQueryOptions(api), enabled: fromBalance });
  const available = fromBalance && holdings.data ? usdCents(holdings.data.available) : null;
  const total = quote.data ? usdCents(quote.data.sellAmountTotal) : null;
  const shortOfFunds = available !== null && total !== null && total > available;

  const expiresAt = quote.data ? Date.parse(quote.data.expiresAt) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      // On expiry: a new quote under a new idemId (the old one answers the expired quote), and the page says so.
      if (current >= expiresAt) {
        setRequoted(true);
        setIdemId(renewIdemId(draft));
      }
    };
    // The first tick right away: the clock kept since the page opened is older than the quote.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [expiresAt, draft]);

  const confirm = () => {
    if (!quote.data || shortOfFunds) return;
    confirmQuote(quote.data);
    void navigate(TRADE_PATHS.verify);
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader
        title={t('summary.title')}
        intro={t('summary.intro')}
        backTo={isSellDraft(draft) ? TRADE_PATHS.sell : TRADE_PATHS.buy}
        backLabel={t('summary.edit')}
      />

      {requoted ? (
        <p
          role="status"
          data-testid="requoted"
          className="rounded-xl border border-warning bg-warning-soft p-3 text-sm text-ink"
        >
          {t('summary.requoted')}
        </p>
      ) : null}

      {isSellDraft(draft) ? <SellDetails draft={draft} /> : <BuyDetails draft={draft} />}

      {quote.data && !quote.isFetching ? (
        <>
          <TradeLines lines={tradeLines(t as never, quote.data, draft.asset.decimals)} testId="quote-lines" />
          <p
            className="text-sm font-semibold text-ink"
            role="timer"
            aria-label={t('summary.expiresLabel')}
            data-testid="countdown"
          >
            {t('summary.expiresIn', { time: countdownText((expiresAt ?? now) - now) })}
          </p>
        </>
      ) : quote.isError ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-sm font-medium text-danger">
            {t('summary.quoteFailed', {
              details: isApiError(quote.error) ? serverText.ofError(quote.error) : t('common.unexpected'),
            })}
          </p>
          <Button variant="secondary" onPress={() => void quote.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <TradeLinesSkeleton label={t('summary.quoting')} />
      )}

      {shortOfFunds ? (
        <p role="alert" data-testid="insufficient-funds" className="text-sm font-medium text-danger">
          {t('server.insufficientFunds')}
        </p>
      ) : null}

      <Button
        fullWidth
        isDisabled={!quote.data || quote.isFetching || shortOfFunds || (fromBalance && holdings.isPending)}
        onPress={confirm}
      >
        {t(isSellDraft(draft) ? 'summary.confirmSell' : 'summary.confirm')}
      </Button>
    </div>
  );
}

function Detail({
  term,
  children,
  mono = false,
  testId,
}: {
  term: string;
  children: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className={mono ? 'font-mono text-sm break-all text-ink' : 'text-ink'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function BuyDetails({ draft }: { draft: Exclude<TradeDraft, { side: 'sell' }> }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <dl className="flex flex-col gap-3 text-base">
      <div className="flex flex-col gap-0.5">
        <dt className="text-sm text-ink-muted">{t('summary.youBuy')}</dt>
        <dd className="font-semibold text-ink">
          {t('summary.asset', { asset: draft.asset.assetTickerDisplayName, network: draft.asset.networkDisplayName })}
        </dd>
      </div>
      <Detail term={t('summary.sendTo')} mono testId="summary-address">
        {draft.address}
      </Detail>
      {draft.memo ? (
        <Detail term={t('summary.memo')} mono>
          {draft.memo}
        </Detail>
      ) : null}
      <Detail term={t('summary.payWith')}>{draft.source.label}</Detail>
    </dl>
  );
}

/** A sell: the asset, where it comes from (holdings, or a deposit whose address comes with the order), the payout. */
function SellDetails({ draft }: { draft: Extract<TradeDraft, { side: 'sell' }> }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const minimum = draft.asset.minimumDeposit;
  return (
    <dl className="flex flex-col gap-3 text-base">
      <div className="flex flex-col gap-0.5">
        <dt className="text-sm text-ink-muted">{t('summary.youSell')}</dt>
        <dd className="font-semibold text-ink">
          {t('summary.sellAmount', {
            amount: formatAssetAmount(draft.amount, draft.asset.assetTickerDisplayName, draft.asset.decimals),
            network: draft.asset.networkDisplayName,
          })}
        </dd>
      </div>
      <Detail term={t('summary.sellFrom')} testId="summary-source">
        {draft.delivery === 'holdings' ? t('summary.fromHoldings') : t('summary.fromDeposit')}
      </Detail>
      {draft.delivery === 'deposit' && minimum ? (
        <Detail term={t('summary.minimumDeposit')}>
          {formatAssetAmount(minimum, draft.asset.assetTickerDisplayName, draft.asset.decimals)}
        </Detail>
      ) : null}
      <Detail term={t('summary.payoutTo')}>{draft.payout.label}</Detail>
    </dl>
  );
}
