import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { newPasswordProblem } from '@rampart/contracts';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApi } from '../../../lib/api';
import { useForm, type FieldErrors } from '../../../lib/forms/use-form';
import { useServerText } from '../../../lib/server-text';
import { changePassword } from '../api/change-password';
import { changePasswordErrorField, type ChangePasswordField } from '../model';

const FIELDS: readonly ChangePasswordField[] = ['previousPassword', 'proposedPassword', 'confirmPassword'];
const EMPTY: Record<ChangePasswordField, string> = { previousPassword: '', proposedPassword: '', confirmPassword: '' };

/**
 * The state of "Change password" (docs/decisions/057-sign-up-in-one-pass-and-change-password.md): the three entries,
 * their checks, and the command. A wrong current password goes under its field (`changePasswordErrorField`); the
 * server signs out the other sessions and mails the user, and this device stays signed in.
 */
export function useChangePasswordForm() {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const api = useApi();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [values, setValues] = useState(EMPTY);
  const form = useForm<ChangePasswordField>({
    fields: FIELDS,
    validate: () => {
      const local: FieldErrors<ChangePasswordField> = {};
      if (values.previousPassword === '') local.previousPassword = t('identity.passwordRequired');
      const rule = newPasswordProblem(values.proposedPassword);
      if (values.proposedPassword === '') local.proposedPassword = t('identity.passwordRequired');
      else if (rule) local.proposedPassword = t(`identity.${rule}`);
      if (values.confirmPassword !== values.proposedPassword) local.confirmPassword = t('identity.passwordsDoNotMatch');
      return local;
    },
    onServerError: (error) => {
      const field = changePasswordErrorField(error.code);
      if (field) form.setError(field, serverText.ofError(error));
      return field !== null;
    },
  });

  const change = (field: ChangePasswordField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear();
  };

  const submit = form.handleSubmit(async () => {
    await changePassword(api, values);
    setValues(EMPTY);
    snackbar.show({ message: t('settings:passwordChanged'), severity: 'success' });
  });

  return { values, errors: form.errors, pending: form.submitting, change, submit };
}
