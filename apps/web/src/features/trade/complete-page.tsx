import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { useApi } from '../../lib/api';
import { tradeKey } from './api/ramp-assets';
import { getOrder } from './api/orders';
import { CancelOrder } from './components/cancel-order';
import { DepositInstructions, awaitsDeposit } from './components/deposit-instructions';
import { LoadFailed } from './components/load-failed';
import { OrderView, isFinal } from './components/order-view';
import { ShortLink } from './components/short-link';
import { TradeHeader } from './components/trade-header';
import { TRADE_PATHS } from './paths';
import { useStagedReveal } from './use-staged-reveal';
import { openInWallet } from '../../lib/session/wallet-state';

/** How often an order that is still moving is read again. */
export const ORDER_POLL_MS = 5000;

/**
 * /trade/complete?order=<orderId>: the placed order's timeline, amounts and its tracking link (polled until final); for
 * a sell by deposit still waiting, first where to send the asset (decision 030).
 */
export function CompletePage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const order = useQuery({
    queryKey: [...tradeKey, 'order', orderId],
    queryFn: ({ signal }) => getOrder(api, orderId ?? '', signal),
    enabled: !!orderId,
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.status) ? false : ORDER_POLL_MS),
  });
  const reveal = useStagedReveal([order]);
  if (!orderId)
    return (
      <MessageBlock
        title={t('summary.noDraft')}
        actions={<LinkButton to={TRADE_PATHS.flow}>{t('summary.startTrade')}</LinkButton>}
      />
    );
  if (reveal.phase === 'reading') return <Skeleton label={t('common.loading')} />;
  if (reveal.phase === 'failed' || !order.data)
    return <LoadFailed title={t('order.loadFailed')} error={reveal.error} />;
  const data = order.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('order.title')} intro={t('order.intro')} backTo="/" backLabel={t('common.backHome')} />
      {awaitsDeposit(data) ? <DepositInstructions order={data} /> : null}
      <OrderView order={data} />
      <CancelOrder order={data} />
      <p className="text-sm text-ink-muted">
        {t('order.trackingHelp')}{' '}
        <Link
          to={data.trackingUrl}
          className="inline-flex min-h-11 items-center font-semibold break-words text-primary-ink"
          onClick={(event) => {
            // In the wallet mini-app the public tracking page opens in the wallet's browser, where it can be kept
            // and shared (decision 034); elsewhere it is one of the app's pages.
            if (openInWallet(data.trackingUrl)) event.preventDefault();
          }}
        >
          {t('order.trackingLink')}
        </Link>
      </p>
      <ShortLink shortId={data.shortId} />
      <LinkButton to="/" fullWidth>
        {t('common.backHome')}
      </LinkButton>
    </div>
  );
}
