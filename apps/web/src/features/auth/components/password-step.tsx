import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authEntryHref, authStepHref } from '../model';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';

const FIELDS = ['password'] as const;

/** /v1/auth/password: login tries sign-in first (document 1, section 4); or "email me a code instead". */
export function PasswordStep() {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  const { flow, state } = useAuthFlow();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const apply = useFlowResult(FIELDS, setErrors);

  const run = async (call: () => ReturnType<typeof flow.signIn>) => {
    setPending(true);
    try {
      apply(await call());
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setErrors({ password: t('identity.passwordRequired') });
      return;
    }
    void run(() => flow.signIn(password));
  };

  return (
    <StepFrame title={t('auth.steps.password')} description={t('auth.signingInAs', { email: state.email })}>
      <Form validationBehavior="aria" onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          name="password"
          type="password"
          label={t('auth.passwordLabel')}
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(value) => {
            setPassword(value);
            setErrors({});
          }}
          error={errors.password}
        />
        <Link
          to={authStepHref('forgot', redirect)}
          className="-mt-3 self-end rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('auth.forgotPassword')}
        </Link>
        <PendingButton pending={pending}>{t('auth.signIn')}</PendingButton>
        <PendingButton
          pending={pending}
          type="button"
          variant="secondary"
          onPress={() => void run(() => flow.signInWithCode())}
        >
          {t('auth.emailMeACode')}
        </PendingButton>
      </Form>
      <Link
        to={authEntryHref(redirect)}
        className="self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline"
      >
        {t('auth.differentEmail')}
      </Link>
    </StepFrame>
  );
}
