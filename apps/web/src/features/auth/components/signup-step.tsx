import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authEntryHref, passwordTooShort } from '../model';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';

const FIELDS = ['email', 'password', 'confirmPassword'] as const;

/** /v1/auth/signup: an unknown email chooses a password (twice); a 6-digit code is then emailed. */
export function SignupStep() {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  const { flow, state } = useAuthFlow();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const apply = useFlowResult(FIELDS, setErrors);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (password === '') local.password = t('identity.passwordRequired');
    else if (passwordTooShort(password)) local.password = t('identity.passwordTooShort');
    if (confirmPassword !== password) local.confirmPassword = t('identity.passwordsDoNotMatch');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setPending(true);
    try {
      apply(await flow.signUp(password, confirmPassword));
    } finally {
      setPending(false);
    }
  };

  return (
    <StepFrame title={t('auth.steps.signup')} description={t('auth.signupDescription', { email: state.email })}>
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {errors.email ? (
          <p data-testid="field-error-email" role="alert" className="text-sm font-medium text-danger">
            {errors.email}
          </p>
        ) : null}
        <TextField
          name="password"
          type="password"
          label={t('auth.newPasswordLabel')}
          description={t('auth.newPasswordHelp')}
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(value) => {
            setPassword(value);
            setErrors({});
          }}
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t('auth.confirmPasswordLabel')}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(value) => {
            setConfirmPassword(value);
            setErrors({});
          }}
          error={errors.confirmPassword}
        />
        <PendingButton pending={pending}>{t('auth.createAccount')}</PendingButton>
      </Form>
      <Link to={authEntryHref(redirect)} className="self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline">
        {t('auth.differentEmail')}
      </Link>
    </StepFrame>
  );
}
