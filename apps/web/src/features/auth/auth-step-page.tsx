import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';
import type { AuthStep } from './auth-steps';

/** /v1/auth/:step (the router sends unknown steps to the not-found page). */
export function AuthStepPage({ step }: { step: AuthStep }) {
  const { t } = useTranslation();
  return (
    <MessageBlock icon={<KeyRound size={30} />} title={t(`auth.steps.${step}`)} message={t('auth.stepDescription')} />
  );
}
