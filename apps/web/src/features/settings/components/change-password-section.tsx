import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { passwordLengthProblem } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TextField } from '../../../components/ui/text-field';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { changePassword } from '../api/change-password';
import { changePasswordErrorField, type ChangePasswordField } from '../model';

type Errors = Partial<Record<ChangePasswordField, string>>;

/**
 * "Change password" (docs/decisions/057-sign-up-in-one-pass-and-change-password.md): the current password, the
 * new one twice. The server signs out the other sessions and mails the user; this device stays signed in.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const api = useApi();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [values, setValues] = useState<Record<ChangePasswordField, string>>({
    previousPassword: '',
    proposedPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const change = (field: ChangePasswordField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: Errors = {};
    if (values.previousPassword === '') local.previousPassword = t('identity.passwordRequired');
    const length = passwordLengthProblem(values.proposedPassword);
    if (values.proposedPassword === '') local.proposedPassword = t('identity.passwordRequired');
    else if (length) local.proposedPassword = t(`identity.${length}`);
    if (values.confirmPassword !== values.proposedPassword) local.confirmPassword = t('identity.passwordsDoNotMatch');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setPending(true);
    try {
      await changePassword(api, values);
      setValues({ previousPassword: '', proposedPassword: '', confirmPassword: '' });
      snackbar.show({ message: t('settings.passwordChanged'), severity: 'success' });
    } catch (cause) {
      const message = isApiError(cause)
        ? serverText.ofError(cause)
        : cause instanceof Error
          ? cause.message
          : String(cause);
      const field = isApiError(cause) ? changePasswordErrorField(cause.code) : null;
      if (field) setErrors({ [field]: message });
      else snackbar.show({ message, severity: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="password-title" className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h2 id="password-title" className="text-lg font-bold text-ink">
        {t('settings.passwordTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('settings.passwordDescription')}</p>
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          name="previousPassword"
          type="password"
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          value={values.previousPassword}
          onChange={change('previousPassword')}
          error={errors.previousPassword}
        />
        <TextField
          name="proposedPassword"
          type="password"
          label={t('settings.newPassword')}
          description={t('auth.newPasswordHelp')}
          autoComplete="new-password"
          value={values.proposedPassword}
          onChange={change('proposedPassword')}
          error={errors.proposedPassword}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t('settings.confirmNewPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth isDisabled={pending}>
          {t('settings.changePassword')}
        </Button>
      </Form>
    </section>
  );
}
