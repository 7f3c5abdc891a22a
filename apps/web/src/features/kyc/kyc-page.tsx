import { BadgeCheck, Clock, FileCheck2, Lock, ShieldOff, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useKycState } from './kyc-store';

/**
 * /kyc: the status screens of document 1, section 4 for the account status. The verification
 * steps themselves come with the KYC issue; until then an incomplete account sees what is coming.
 */
export function KycPage() {
  const { t } = useTranslation();
  const { requestStatus, kycStatus } = useKycState();

  if (requestStatus === 'not_started' || requestStatus === 'started') return <Skeleton />;
  if (requestStatus !== 'success') {
    return <MessageBlock tone="danger" icon={<TriangleAlert size={30} />} title={t('kyc.status.fallback')} />;
  }
  switch (kycStatus) {
    case 'closed':
      return (
        <MessageBlock tone="danger" icon={<Lock size={30} />} title={t('kyc.status.closedTitle')} message={t('kyc.status.closedMessage')} />
      );
    case 'voided':
      return <MessageBlock tone="danger" icon={<ShieldOff size={30} />} title={t('kyc.status.voided')} />;
    case 'pending':
      return (
        <MessageBlock tone="info" icon={<Clock size={30} />} title={t('kyc.status.submittedTitle')} message={t('kyc.status.submittedMessage')} />
      );
    case 'opened':
      return (
        <MessageBlock
          tone="success"
          icon={<BadgeCheck size={30} />}
          title={t('kyc.status.verifiedTitle')}
          message={t('kyc.status.verifiedMessage')}
          actions={<LinkButton to="/trade/buy">{t('home.buy')}</LinkButton>}
        />
      );
    case 'noInfo':
    case 'incomplete':
      return (
        <MessageBlock
          icon={<FileCheck2 size={30} />}
          title={t('kyc.title')}
          message={t('kyc.legal')}
          help={t('kyc.description')}
        />
      );
  }
}
