import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore, useAuthValue } from '../../lib/session/auth-store';
import { EmailStep } from './components/email-step';
import { StepFrame } from './components/step-frame';
import { useAuthNotice } from './hooks/use-auth-flow';

/**
 * /auth: where a new user meets Rampart, so the tagline shows here (R19); the email comes first. A session that
 * ended without the user says why here.
 */
export function AuthPage() {
  const { t } = useTranslation();
  const auth = useAuthStore();
  const notice = useAuthValue((state) => state.notice);
  const show = useAuthNotice();
  useEffect(() => {
    if (!notice) return;
    show(notice);
    auth.clearNotice();
  }, [notice, show, auth]);
  return (
    <div className="flex flex-col gap-6">
      <p className="rounded-xl bg-primary-soft px-4 py-3 text-center text-sm font-semibold text-primary-ink">
        {t('app.tagline')}
      </p>
      <StepFrame title={t('auth.title')} description={t('auth.description')}>
        <EmailStep />
      </StepFrame>
    </div>
  );
}
