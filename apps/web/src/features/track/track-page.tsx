import { PackageSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MessageBlock } from '../../components/ui/message-block';

/** /trade/track?tracking_id=... (public). */
export function TrackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const trackingId = params.get('tracking_id');
  return (
    <MessageBlock
      icon={<PackageSearch size={30} />}
      title={t('track.title')}
      message={t('track.description')}
      help={trackingId ? t('track.trackingId', { id: trackingId }) : undefined}
    />
  );
}
