import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { isApiError } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { useStoreState } from '../../lib/store';
import { Countdown } from './components/countdown';
import { BuyDetails, SellDetails } from './components/trade-details';
import { TradeHeader } from './components/trade-header';
import { TradeLines, TradeLinesSkeleton, tradeLines } from './components/trade-lines';
import { isSellDraft, tradeDraftStore, type TradeDraft } from './model/trade-draft';
import { TRADE_PATHS } from './paths';
import { useSummary } from './use-summary';

/**
 * /trade/summary: a firm quote for the draft, every line of it and the time it is held for. When the time runs out it
 * asks again and says so. Confirm hands the quote to /trade/verify, which places the order with the user's second
 * factor (R2: "2FA required" is on, so every trade is confirmed there; decision 027).
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
  const serverText = useServerText();
  const { quote, requoted, left, shortOfFunds, canConfirm, confirm } = useSummary(draft);

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
          <Countdown ms={left} />
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

      <Button fullWidth isDisabled={!canConfirm} onPress={confirm}>
        {t(isSellDraft(draft) ? 'summary.confirmSell' : 'summary.confirm')}
      </Button>
    </div>
  );
}
