import { House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <MessageBlock
      icon={<House size={30} />}
      title={t('home.title')}
      message={t('home.description')}
      actions={
        <>
          <LinkButton to="/kyc" variant="secondary">
            {t('home.verify')}
          </LinkButton>
          <LinkButton to="/trade/buy">{t('home.buy')}</LinkButton>
        </>
      }
    />
  );
}
