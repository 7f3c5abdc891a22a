import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';
import type { KycStepPath } from './kyc-steps';

/** /kyc/:step (the router sends unknown steps to the not-found page). */
export function KycStepPage({ step }: { step: KycStepPath }) {
  const { t } = useTranslation();
  return <MessageBlock icon={<FileCheck2 size={30} />} title={t(`kyc.steps.${step}`)} message={t('kyc.stepDescription')} />;
}
