import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authEntryHref, newPasswordRuleKey } from '../model';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';

const FIELDS = ['email', 'password', 'confirmPassword'] as const;

/**
 * /v1/auth/signup: an unknown email. The password typed at the password step is kept and only confirmed here;
 * it is chosen afresh (twice) when there is none (a reload, the emailed sign-in code), when it breaks a rule of a new
 * password (too short, only blanks), or
 * when the user wants another (docs/decisions/057-sign-up-in-one-pass-and-change-password.md). A 6-digit code
 * is then emailed.
 */
export function SignupStep() {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  const { flow, state } = useAuthFlow();
  const [kept] = useState(() => flow.keptPassword());
  const [keptRule] = useState(() => (kept === null ? undefined : newPasswordRuleKey(kept)));
  const [choosing, setChoosing] = useState(() => kept === null || keptRule !== undefined);
  const [password, setPassword] = useState(() => kept ?? '');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(() => (keptRule ? { password: t(keptRule) } : {}));
  const [pending, setPending] = useState(false);
  // A server message on the password (a common one, R3) shows the field it belongs to.
  const apply = useFlowResult(
    FIELDS,
    useCallback((next: FieldErrors) => {
      if (next.password) setChoosing(true);
      setErrors(next);
    }, []),
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    const rule = newPasswordRuleKey(password);
    if (password === '') local.password = t('identity.passwordRequired');
    else if (rule) local.password = t(rule);
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
    <StepFrame
      title={t('auth.steps.signup')}
      description={t(choosing ? 'auth.signupDescription' : 'auth.signupConfirmDescription', { email: state.email })}
    >
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {errors.email ? (
          <p data-testid="field-error-email" role="alert" className="text-sm font-medium text-danger">
            {errors.email}
          </p>
        ) : null}
        {choosing ? (
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
        ) : null}
        <TextField
          name="confirmPassword"
          type="password"
          label={t('auth.confirmPasswordLabel')}
          autoComplete="new-password"
          autoFocus={!choosing}
          value={confirmPassword}
          onChange={(value) => {
            setConfirmPassword(value);
            setErrors({});
          }}
          error={errors.confirmPassword}
        />
        <PendingButton pending={pending}>{t('auth.createAccount')}</PendingButton>
        {choosing ? null : (
          <PendingButton
            pending={pending}
            type="button"
            variant="secondary"
            onPress={() => {
              setChoosing(true);
              setPassword('');
              setConfirmPassword('');
              setErrors({});
            }}
          >
            {t('auth.chooseDifferentPassword')}
          </PendingButton>
        )}
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
