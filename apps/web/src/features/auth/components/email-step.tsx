import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useAuthFlow, useRedirectTarget } from '../hooks/use-auth-flow';
import { authStepHref } from '../model';

/** The first step (/auth and /v1/auth/auth): the email, then the password step. */
export function EmailStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const { flow, state } = useAuthFlow();
  const [email, setEmail] = useState(state.email);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') {
      setError(t('identity.emailRequired'));
      return;
    }
    flow.setEmail(email);
    void navigate(authStepHref('password', redirect));
  };

  return (
    <Form validationBehavior="aria" onSubmit={submit} className="flex flex-col gap-5">
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
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" fullWidth>
        {t('auth.continue')}
      </Button>
    </Form>
  );
}
