import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/config';
import { useOwnSupportLink } from '../../../lib/support-link';
import { ExternalLink } from '../../../components/ui/external-link';

const LINK = 'rounded font-semibold text-primary-ink underline underline-offset-2';

/**
 * Under the authenticator code: a user whose phone was lost or reset can never type that code, and only the
 * operator's support can give the account back (docs/decisions/098-lost-authenticator-help.md). The link goes where
 * the footer's Contact Support goes, in a new tab so the sign-in stays where it was: the deployment's SUPPORT_URL, or
 * the product's own /support page. The footer leaves its own link out meanwhile, so the page has one
 * (docs/decisions/105-mail-on-second-factor-change.md).
 */
export function LostAuthenticatorHelp() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const url = data?.supportUrl;
  useOwnSupportLink(Boolean(url));
  if (!url) return null;
  return (
    <p className="text-center text-sm text-pretty text-ink-muted">
      {t('auth.lostAuthenticator')}{' '}
      <ExternalLink href={url} className={LINK} newTabLabel={t('common.opensInNewTab')}>
        {t('common.contactSupport')}
      </ExternalLink>
    </p>
  );
}
