import { useState } from 'react';
import { Snowflake } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ExternalLinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { useOwnSupportLink } from '../../lib/support-link';
import { useKycStore } from '../../lib/session/kyc-store';
import { useAuthStore } from '../../lib/session/auth-store';

/**
 * R5: shown instead of every route once a reply says the custodian froze the account. In sandbox mode (R4) it also
 * offers the sandbox unfreeze call (the only account call a frozen account may make, decision 018), so a tester is
 * never stuck on this screen.
 */
export function AccountFrozenScreen({
  supportUrl,
  sandbox = false,
}: {
  supportUrl?: string | null;
  sandbox?: boolean;
}) {
  const { t } = useTranslation();
  useOwnSupportLink(Boolean(supportUrl));
  const serverText = useServerText();
  const auth = useAuthStore();
  const kyc = useKycStore();
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [unfreezing, setUnfreezing] = useState(false);

  const unfreeze = async () => {
    setUnfreezing(true);
    try {
      // A write without an idempotency key: no retry (R16). Safe to repeat on the server.
      await api.request('/primetrust-sandbox-unfreeze-account', { body: {} });
      auth.setAccountFrozen(false);
      // Whatever failed with the frozen answer loads again, the KYC account state first (as after any sandbox action).
      void kyc.refresh();
      await queryClient.invalidateQueries();
      snackbar.show({ message: t('frozen.unfrozen'), severity: 'success' });
    } catch (error) {
      snackbar.show({
        message: t('frozen.unfreezeFailed', {
          details: isApiError(error) ? serverText.ofError(error) : t('common.unexpected'),
        }),
        severity: 'error',
      });
    } finally {
      setUnfreezing(false);
    }
  };

  return (
    <MessageBlock
      tone="danger"
      icon={<Snowflake size={30} />}
      title={t('frozen.title')}
      message={t('frozen.message')}
      help={t('frozen.help')}
      actions={
        <>
          {sandbox ? (
            <Button isPending={unfreezing} onPress={() => void unfreeze()}>
              {t('frozen.unfreezeSandbox')}
            </Button>
          ) : null}
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
