import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/config';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';

/**
 * /support (public, decision 059): where Contact Support goes when the deployment sets no SUPPORT_URL. It names the
 * operator's support address (SUPPORT_EMAIL) as a mail link, or says none is published yet.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const email = data?.supportEmail ?? null;
  return (
    <MessageBlock
      icon={<LifeBuoy size={30} />}
      title={t('support.title')}
      message={
        email ? (
          <>
            {t('support.writeTo')}{' '}
            <a href={`mailto:${email}`} className="font-semibold break-all text-primary-ink">
              {email}
            </a>
          </>
        ) : (
          t('support.noContact')
        )
      }
      actions={<LinkButton to="/">{t('common.goHome')}</LinkButton>}
    />
  );
}
