import { BadgeCheck, Clock, Lock, ShieldCheck, ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';
import { useKycState } from '../../../lib/session/kyc-store';

function Card({
  icon,
  title,
  message,
  action,
  tone,
}: {
  icon: ReactNode;
  title: string;
  message?: string;
  action?: ReactNode;
  tone: string;
}) {
  return (
    <section
      aria-labelledby="kyc-status-title"
      className="rounded-2xl border border-line p-4 text-left"
      data-testid="kyc-status-card"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={['flex h-10 w-10 shrink-0 items-center justify-center rounded-full', tone].join(' ')}
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="kyc-status-title" className="text-base font-semibold text-ink">
            {title}
          </h2>
          {message ? <p className="mt-1 text-sm text-ink-muted">{message}</p> : null}
        </div>
      </div>
      {action ? <div className="mt-4 flex flex-col">{action}</div> : null}
    </section>
  );
}

/** The home page's KYC status with the next step (document 1, section 4 status screens, in short). */
export function KycStatusCard() {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { requestStatus, kycStatus } = useKycState();
  if (requestStatus !== 'success') return null;
  switch (kycStatus) {
    case 'noInfo':
    case 'incomplete':
      return (
        <Card
          tone="bg-primary-soft text-primary-ink"
          icon={<ShieldCheck size={20} />}
          title={t('title')}
          message={t('legal')}
          action={<LinkButton to="/kyc">{kycStatus === 'noInfo' ? t('start.begin') : t('start.continue')}</LinkButton>}
        />
      );
    case 'pending':
      return (
        <Card
          tone="bg-primary-soft text-primary-ink"
          icon={<Clock size={20} />}
          title={t('status.submittedTitle')}
          message={t('status.submittedMessage')}
        />
      );
    case 'opened':
      return (
        <Card
          tone="bg-success-soft text-success"
          icon={<BadgeCheck size={20} />}
          title={t('status.verifiedTitle')}
          message={t('status.verifiedMessage')}
          action={<LinkButton to="/trade/buy">{t('status.buy')}</LinkButton>}
        />
      );
    case 'closed':
      return (
        <Card
          tone="bg-danger-soft text-danger"
          icon={<Lock size={20} />}
          title={t('status.closedTitle')}
          message={t('status.closedMessage')}
        />
      );
    case 'voided':
      return <Card tone="bg-danger-soft text-danger" icon={<ShieldOff size={20} />} title={t('status.voided')} />;
  }
}
