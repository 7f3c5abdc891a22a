import { Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ExternalLinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useAuthStore } from './auth-store';

/** R5: shown instead of every route once a reply says the custodian froze the account. */
export function AccountFrozenScreen({ supportUrl }: { supportUrl?: string | null }) {
  const { t } = useTranslation();
  const auth = useAuthStore();
  return (
    <MessageBlock
      tone="danger"
      icon={<Snowflake size={30} />}
      title={t('frozen.title')}
      message={t('frozen.message')}
      help={t('frozen.help')}
      actions={
        <>
          <Button variant="secondary" onPress={() => auth.signOut()}>
            {t('common.signOut')}
          </Button>
          {supportUrl ? (
            <ExternalLinkButton href={supportUrl} newTabLabel={t('common.opensInNewTab')}>
              {t('common.contactSupport')}
            </ExternalLinkButton>
          ) : null}
        </>
      }
    />
  );
}
