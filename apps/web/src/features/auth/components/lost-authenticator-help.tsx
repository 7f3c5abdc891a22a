import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../../lib/config';
import { openInWallet } from '../../../lib/session/wallet-state';

const LINK = 'rounded font-semibold text-primary-ink underline underline-offset-2';

/**
 * Under the authenticator code: a user whose phone was lost or reset can never type that code, and only the
 * operator's support can give the account back (docs/decisions/098-lost-authenticator-help.md). The link goes where
 * Contact Support goes everywhere else: the deployment's SUPPORT_URL, or the product's own /support page.
 */
export function LostAuthenticatorHelp() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const url = data?.supportUrl;
  if (!url) return null;
  return (
    <p className="text-center text-sm text-pretty text-ink-muted">
      {t('auth.lostAuthenticator')}{' '}
      {url.startsWith('/') ? (
        <Link to={url} className={LINK}>
          {t('common.contactSupport')}
        </Link>
      ) : (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            if (openInWallet(url)) event.preventDefault();
          }}
          className={LINK}
        >
          {t('common.contactSupport')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      )}
    </p>
  );
}
