import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import { useRedirectTarget } from '../hooks/use-auth-flow';
import { authEntryHref, authStepHref } from '../model';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';
import { useForgotStep, useResetStep } from './use-recovery-steps';

const LINK =
  'self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline';

/** "Back to sign in": the password step when the email is known, else the first step. */
function BackToSignIn({ hasEmail }: { hasEmail: boolean }) {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  return (
    <Link to={hasEmail ? authStepHref('password', redirect) : authEntryHref(redirect)} className={LINK}>
      {t('auth.backToSignIn')}
    </Link>
  );
}

/** /v1/auth/forgot: the email (prefilled from the password step), then a reset code is emailed. */
export function ForgotStep() {
  const { t } = useTranslation();
  const step = useForgotStep();
  return (
    <StepFrame title={t('auth.steps.forgot')} description={t('auth.forgotDescription')}>
      <Form validationBehavior="aria" onSubmit={(event) => void step.submit(event)} className="flex flex-col gap-5">
        <TextField
          name="email"
          type="email"
          label={t('auth.emailLabel')}
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={step.email}
          onChange={step.change}
          error={step.errors.email}
        />
        <PendingButton pending={step.pending}>{t('auth.sendResetCode')}</PendingButton>
      </Form>
      <BackToSignIn hasEmail={step.hasEmail} />
    </StepFrame>
  );
}

/**
 * /v1/auth/reset: the emailed code, the new password and its confirmation. Once set, the user is signed in
 * with it and goes on to the second factor (docs/decisions/006-auth-steps.md).
 */
export function ResetStep() {
  const { t } = useTranslation();
  const { values, errors, pending, sent, change, submit, resend } = useResetStep();

  return (
    <StepFrame
      title={t('auth.steps.reset')}
      description={
        <>
          {sent ? <span className="block">{t(sent.key, sent.params)}</span> : null}
          <span className="block">{t('auth.resetDescription')}</span>
        </>
      }
    >
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <TextField
          name="code"
          label={t('auth.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus
          value={values.code}
          onChange={change('code')}
          error={errors.code}
        />
        <TextField
          name="password"
          type="password"
          label={t('auth.resetPasswordLabel')}
          description={t('auth.newPasswordHelp')}
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t('auth.resetConfirmPasswordLabel')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <PendingButton pending={pending}>{t('auth.resetPassword')}</PendingButton>
        <PendingButton pending={pending} type="button" variant="secondary" onPress={resend}>
          {t('auth.resendCode')}
        </PendingButton>
      </Form>
      <BackToSignIn hasEmail />
    </StepFrame>
  );
}
