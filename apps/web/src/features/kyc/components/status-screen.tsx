import { BadgeCheck, Clock, Loader2, Lock, ShieldOff, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountStatus } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { ExternalLinkButton, LinkButton } from '../../../components/ui/link-button';
import { MessageBlock } from '../../../components/ui/message-block';
import { useOwnSupportLink } from '../../../lib/support-link';

/** The status screens of document 1, section 4 for a decided account (closed, voided, opened). */
export function DecidedStatusScreen({ status, supportUrl }: { status: AccountStatus; supportUrl?: string | null }) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { t: tc } = useTranslation();
  useOwnSupportLink(Boolean(supportUrl) && (status === 'closed' || status === 'voided'));
  const support = supportUrl ? (
    <ExternalLinkButton href={supportUrl} variant="secondary" newTabLabel={tc('common.opensInNewTab')}>
      {tc('common.contactSupport')}
    </ExternalLinkButton>
  ) : null;
  switch (status) {
    case 'closed':
      return (
        <MessageBlock
          tone="danger"
          icon={<Lock size={30} />}
          title={t('status.closedTitle')}
          message={t('status.closedMessage')}
          actions={support}
        />
      );
    case 'voided':
      return <MessageBlock tone="danger" icon={<ShieldOff size={30} />} title={t('status.voided')} actions={support} />;
    case 'opened':
      return (
        <MessageBlock
          tone="success"
          icon={<BadgeCheck size={30} />}
          title={t('status.verifiedTitle')}
          message={t('status.verifiedMessage')}
          actions={
            <>
              <LinkButton to="/" variant="secondary">
                {tc('common.goHome')}
              </LinkButton>
              <LinkButton to="/trade/buy">{t('status.buy')}</LinkButton>
            </>
          }
        />
      );
    default:
      return <FallbackStatusScreen />;
  }
}

/** How often the submitted screen asks again whether the application was decided (the waiting screen's rhythm). */
export const SUBMITTED_CHECK_MS = 30_000;

/**
 * 'KYC is being reviewed' (document 1, section 4): an application under review seen on any visit but the one that
 * submitted it (docs/decisions/055). It asks again every 30 seconds, so the page moves on when the decision arrives.
 */
export function SubmittedStatusScreen({
  onCheck,
  supportUrl,
  children,
}: {
  onCheck(): void;
  supportUrl?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { t: tc } = useTranslation();
  useOwnSupportLink(Boolean(supportUrl));
  const check = useRef(onCheck);
  useEffect(() => {
    check.current = onCheck;
  }, [onCheck]);
  useEffect(() => {
    const timer = setInterval(() => check.current(), SUBMITTED_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <MessageBlock
        icon={<Clock size={30} />}
        title={t('status.submittedTitle')}
        message={t('status.submittedMessage')}
        actions={
          <>
            {supportUrl ? (
              <ExternalLinkButton href={supportUrl} variant="secondary" newTabLabel={tc('common.opensInNewTab')}>
                {tc('common.contactSupport')}
              </ExternalLinkButton>
            ) : null}
            <LinkButton to="/">{tc('common.goHome')}</LinkButton>
          </>
        }
      />
      {children}
    </>
  );
}

/** 'Your account application is being reviewed', while a submitted application's status is loading. */
export function LoadingStatusScreen() {
  const { t } = useTranslation('kyc', { useSuspense: true });
  return (
    <div role="status" aria-busy="true">
      <MessageBlock
        icon={<Loader2 size={30} className="animate-spin motion-reduce:animate-none" />}
        title={t('status.loading')}
      />
    </div>
  );
}

/** 'Unable to process Application Status. Please try again later.' (the KYC load failed, or a status it cannot show). */
export function FallbackStatusScreen({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  return (
    <MessageBlock
      tone="danger"
      icon={<TriangleAlert size={30} />}
      title={t('status.fallback')}
      actions={onRetry ? <Button onPress={onRetry}>{t('status.retry')}</Button> : undefined}
    />
  );
}
