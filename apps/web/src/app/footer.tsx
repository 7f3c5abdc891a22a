import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/config';
import { usePageHasSupportLink } from '../lib/support-link';
import { ExternalLink } from '../components/ui/external-link';
import { APP_VERSION } from './version';

/**
 * R19: Rampart's version and the deployment's build stage; Contact Support next to it, unless the page shows its own
 * (docs/decisions/105-mail-on-second-factor-change.md).
 */
export const Footer = memo(function Footer() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const pageHasLink = usePageHasSupportLink();
  const text = data
    ? t('app.versionWithStage', { version: APP_VERSION, stage: t(`stage.${data.stage}`) })
    : t('app.version', { version: APP_VERSION });
  return (
    <footer className="flex flex-col items-center gap-1 px-4 pt-2 pb-4 text-xs text-ink-muted sm:flex-row sm:justify-center sm:gap-4">
      {data?.supportUrl && !pageHasLink ? (
        <ExternalLink
          href={data.supportUrl}
          newTabLabel={t('common.opensInNewTab')}
          className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('common.contactSupport')}
        </ExternalLink>
      ) : null}
      <p>{text}</p>
    </footer>
  );
});
