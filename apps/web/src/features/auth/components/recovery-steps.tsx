import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form } from 'react-aria-components';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { codeSentText } from '../code-destination';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authEntryHref, authStepHref, type AuthField } from '../model';
import { resendResetCode, resetPassword, sendResetCode, validateReset, type RecoveryDeps } from '../recovery';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';

const FORGOT_FIELDS = ['email'] as const;
const RESET_FIELDS = ['code', 'password', 'confirmPassword'] as const;
const LINK =
  'self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline';

function useRecoveryDeps(): RecoveryDeps & ReturnType<typeof useAuthFlow> {
  const api = useApi();
  const { flow, state } = useAuthFlow();
  return useMemo(() => ({ api, flow, state }), [api, flow, state]);
}

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
  const deps = useRecoveryDeps();
  const [email, setEmail] = useState(deps.state.email);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const apply = useFlowResult(FORGOT_FIELDS, setErrors);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') {
      setErrors({ email: t('identity.emailRequired') });
      return;
    }
    setPending(true);
    try {
      apply(await sendResetCode(deps, email));
    } finally {
      setPending(false);
    }
  };

  return (
    <StepFrame title={t('auth.steps.forgot')} description={t('auth.forgotDescription')}>
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <TextField
          name="email"
          type="email"
          label={t('auth.emailLabel')}
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(value) => {
            setEmail(value);
            setErrors({});
          }}
          error={errors.email}
        />
        <PendingButton pending={pending}>{t('auth.sendResetCode')}</PendingButton>
      </Form>
      <BackToSignIn hasEmail={deps.state.email !== ''} />
    </StepFrame>
  );
}

/**
 * /v1/auth/reset: the emailed code, the new password and its confirmation. Once set, the user is signed in
 * with it and goes on to the second factor (docs/decisions/006-auth-steps.md).
 */
export function ResetStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const deps = useRecoveryDeps();
  const [values, setValues] = useState({ code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const apply = useFlowResult(RESET_FIELDS, setErrors);

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: field === 'code' ? value.replace(/\D/g, '') : value }));
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateReset(values);
    if (Object.keys(local).length > 0) {
      setErrors(
        Object.fromEntries(Object.entries(local).map(([field, key]) => [field, t(key)])) as Partial<
          Record<AuthField, string>
        >,
      );
      return;
    }
    setPending(true);
    try {
      const outcome = await resetPassword(deps, values);
      if (outcome.changed) snackbar.show({ message: t('auth.passwordResetDone'), severity: 'success' });
      if (outcome.message) {
        snackbar.show({ message: serverText.ofMessage(outcome.message, outcome.messageKey), severity: 'error' });
      }
      apply(outcome.result);
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    setPending(true);
    try {
      const result = await resendResetCode(deps);
      if (result === null) snackbar.show({ message: t('auth.codeResent'), severity: 'success' });
      else if (result.type === 'step') void navigate(authStepHref(result.step, redirect));
      else apply(result);
    } finally {
      setPending(false);
    }
  };

  const sent = codeSentText('reset', deps.state.delivery);

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
        <PendingButton pending={pending} type="button" variant="secondary" onPress={() => void resend()}>
          {t('auth.resendCode')}
        </PendingButton>
      </Form>
      <BackToSignIn hasEmail />
    </StepFrame>
  );
}
