import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';

/** /r/:shortId (public): the short link to a trade's tracking page. */
export function ShortLinkPage() {
  const { t } = useTranslation();
  return <MessageBlock icon={<Link2 size={30} />} title={t('shortLink.title')} message={t('shortLink.description')} />;
}
