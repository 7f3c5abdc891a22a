import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './ui/link-button';
import { MessageBlock } from './ui/message-block';

/** Any other path (document 1, section 2): 'Oops' / 'We cannot find the page you are looking for!'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessageBlock
      tone="warning"
      icon={<MapPinOff size={30} />}
      title={t('notFound.title')}
      message={t('notFound.message')}
      actions={<LinkButton to="/">{t('common.goHome')}</LinkButton>}
    />
  );
}
