import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useChangePasswordForm } from './use-change-password-form';

/**
 * "Change password" (docs/decisions/057-sign-up-in-one-pass-and-change-password.md): the current password, the
 * new one twice. The server signs out the other sessions and mails the user; this device stays signed in.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const { values, errors, pending, change, submit } = useChangePasswordForm();

  return (
    <section aria-labelledby="password-title" className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h2 id="password-title" className="text-lg font-bold text-ink">
        {t('settings:passwordTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('settings:passwordDescription')}</p>
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          name="previousPassword"
          type="password"
          label={t('settings:currentPassword')}
          autoComplete="current-password"
          value={values.previousPassword}
          onChange={change('previousPassword')}
          error={errors.previousPassword}
        />
        <TextField
          name="proposedPassword"
          type="password"
          label={t('settings:newPassword')}
          description={t('auth.newPasswordHelp')}
          autoComplete="new-password"
          value={values.proposedPassword}
          onChange={change('proposedPassword')}
          error={errors.proposedPassword}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t('settings:confirmNewPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth isDisabled={pending}>
          {t('settings:changePassword')}
        </Button>
      </Form>
    </section>
  );
}
