import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { trackingPath } from '@rampart/contracts';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { useApi } from '../../lib/api';
import { resolveShortLink } from './api/orders';

/** /r/:shortId (public): resolves the short link and replaces itself with the tracking page. */
export function ShortLinkPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { t: tc } = useTranslation();
  const api = useApi();
  const { shortId = '' } = useParams();
  const link = useQuery({
    queryKey: ['short-link', shortId],
    queryFn: ({ signal }) => resolveShortLink(api, shortId, signal),
    retry: false,
  });
  if (link.data) return <Navigate to={trackingPath(link.data.trackingId)} replace />;
  if (link.isError)
    return (
      <MessageBlock
        icon={<Link2 size={30} />}
        title={t('track.title')}
        message={t('track.badLink')}
        actions={<LinkButton to="/">{tc('common.goHome')}</LinkButton>}
      />
    );
  return <Skeleton label={t('common.loading')} />;
}
