import { lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuthState } from '../../lib/session/auth-store';
import { isAuthStep, type AuthStep } from './auth-steps';
import { CodeStep } from './components/code-step';
import { EmailStep } from './components/email-step';
import { PasswordStep } from './components/password-step';
import { RedirectStep } from './components/redirect-step';
import { SignupStep } from './components/signup-step';
import { StepFrame } from './components/step-frame';
import { LinkButton } from '../../components/ui/link-button';
import type { AuthErrorKey } from './flow';
import { useAuthFlow, useAuthNotice, useRedirectTarget } from './hooks/use-auth-flow';
import { authEntryHref } from './model';

// The password reset is rarer than signing in: its screens load on demand (the auth chunks stay small).
const ForgotStep = lazy(async () => ({ default: (await import('./components/recovery-steps')).ForgotStep }));
const ResetStep = lazy(async () => ({ default: (await import('./components/recovery-steps')).ResetStep }));

/**
 * /v1/auth/:step (docs/decisions/006-auth-steps.md). A step that needs what an earlier one gathered (the
 * email, a challenge) starts again at /auth when opened directly or after a reload.
 */
export function AuthStepPage({ step }: { step: string | undefined }) {
  return isAuthStep(step) ? <KnownStep step={step} /> : <UnknownStep />;
}

/** A `/v1/auth/:step` address with a step the flow does not have (document 2, section 8: 'Unknown auth step provided'). */
function UnknownStep() {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  return (
    <StepFrame title={t('auth.errors.unknownStep')} description={t('auth.unknownStepDescription')}>
      <LinkButton to={authEntryHref(redirect)} fullWidth>
        {t('auth.backToSignIn')}
      </LinkButton>
    </StepFrame>
  );
}

/** Back to /auth with the reason said once (a challenge step opened without its login session). */
function StartAgain({ notice }: { notice: AuthErrorKey }) {
  const redirect = useRedirectTarget();
  const show = useAuthNotice();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    show(notice);
  }, [show, notice]);
  return <Navigate to={authEntryHref(redirect)} replace />;
}

function KnownStep({ step }: { step: AuthStep }) {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  const { state } = useAuthFlow();
  const { loggedIn } = useAuthState();

  // The sign-up code step asks for the email itself when none is kept (a reload): the emailed code still works.
  const needsEmail = step === 'password' || step === 'signup' || step === 'reset';
  const needsChallenge = step === 'otp' || step === 'totp' || step === 'email';
  if ((needsEmail && state.email === '') || (needsChallenge && !state.challenge)) {
    // Signed in (the flow just finished on this step, or another tab did): on to the target, never the empty /auth.
    if (loggedIn) return <Navigate to={redirect} replace />;
    // A second-factor step with no login session waiting for its answer: 'no login session' (document 2, section 8).
    if (needsChallenge) return <StartAgain notice="noLoginSession" />;
    return <Navigate to={authEntryHref(redirect)} replace />;
  }

  switch (step) {
    case 'auth':
      return (
        <StepFrame title={t('auth.steps.auth')} description={t('auth.description')}>
          <EmailStep />
        </StepFrame>
      );
    case 'password':
      return <PasswordStep />;
    case 'signup':
      return <SignupStep />;
    case 'redirect':
      return <RedirectStep />;
    case 'forgot':
      return <ForgotStep />;
    case 'reset':
      return <ResetStep />;
    case 'otpcode':
    case 'otp':
    case 'totp':
    case 'email':
      return <CodeStep key={step} kind={step} />;
  }
}
