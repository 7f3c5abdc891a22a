import { useTranslation } from 'react-i18next';
import { EmailStep } from './components/email-step';
import { StepFrame } from './components/step-frame';

/** /auth: where a new user meets Rampart, so the tagline shows here (R19); the email comes first. */
export function AuthPage() {
  const { t } = useTranslation();
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
