import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { EntryFormProps } from './entry-form-props';

/** "Confirm it is you": the password step every second-factor change starts with (R2). */
export function ReauthForm(props: EntryFormProps) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  return (
    <Form validationBehavior="aria" onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <h3 className="font-semibold text-ink">{t('settings:reauthTitle')}</h3>
      <TextField
        name="password"
        type="password"
        label={t('auth.passwordLabel')}
        description={t('settings:reauthDescription')}
        autoComplete="current-password"
        autoFocus
        value={props.value}
        onChange={props.onValueChange}
        error={props.error}
      />
      <Button type="submit" fullWidth isDisabled={props.pending}>
        {t('auth.continue')}
      </Button>
      {props.cancel}
    </Form>
  );
}
