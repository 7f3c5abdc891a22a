import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/config';
import { openInWallet } from '../lib/session/wallet-state';
import { APP_VERSION } from './version';

/** R19: Rampart's version and the deployment's build stage; Contact Support next to it. */
export const Footer = memo(function Footer() {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const text = data
    ? t('app.versionWithStage', { version: APP_VERSION, stage: t(`stage.${data.stage}`) })
    : t('app.version', { version: APP_VERSION });
  return (
    <footer className="flex flex-col items-center gap-1 px-4 pt-2 pb-4 text-xs text-ink-muted sm:flex-row sm:justify-center sm:gap-4">
      {data?.supportUrl ? (
        <a
          href={data.supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            // In the wallet mini-app, outside pages open in the wallet's browser (decision 034).
            if (openInWallet(data.supportUrl)) event.preventDefault();
          }}
          className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('common.contactSupport')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      ) : null}
      <p>{text}</p>
    </footer>
  );
});
