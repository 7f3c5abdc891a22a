import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { getTracking } from './api/orders';
import { OrderView, isFinal } from './components/order-view';
import { ShortLink } from './components/short-link';
import { useStagedReveal } from './use-staged-reveal';

/** How often an order that is still moving is read again. */
const TRACK_POLL_MS = 5000;

/** /trade/track?tracking_id=... (public): an order's states with their times, amounts, fees and transaction hash. */
export function TrackPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { t: tc } = useTranslation();
  const serverText = useServerText();
  const api = useApi();
  const [params] = useSearchParams();
  const trackingId = params.get('tracking_id') ?? '';
  const order = useQuery({
    queryKey: ['track', trackingId],
    queryFn: ({ signal }) => getTracking(api, trackingId, signal),
    enabled: trackingId !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.status) ? false : TRACK_POLL_MS),
  });
  const reveal = useStagedReveal([order]);
  // A way back from a link that leads nowhere (decision 055): home, or sign-in for a visitor.
  const home = <LinkButton to="/">{tc('common.goHome')}</LinkButton>;
  if (trackingId === '')
    return (
      <MessageBlock
        icon={<PackageSearch size={30} />}
        title={t('track.title')}
        message={t('track.missing')}
        actions={home}
      />
    );
  if (reveal.phase === 'reading') return <Skeleton label={t('common.loading')} />;
  if (reveal.phase === 'failed' || !order.data) {
    return (
      <MessageBlock
        icon={<PackageSearch size={30} />}
        title={t('track.title')}
        message={
          isApiError(order.error) && order.error.statusCode === 404
            ? t('track.unknown')
            : isApiError(order.error)
              ? serverText.ofError(order.error)
              : t('common.unexpected')
        }
        actions={home}
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('track.title')}</h1>
        <p className="text-base text-ink-muted">{t('track.intro')}</p>
      </header>
      <OrderView order={order.data} />
      <ShortLink shortId={order.data.shortId} />
    </div>
  );
}
