import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

/** "Confirm it is you": the password step every second-factor change starts with (R2). */
export function ReauthForm(props: {
  value: string;
  error: string | null;
  pending: boolean;
  onValueChange(next: string): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form validationBehavior="aria" onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <h3 className="font-semibold text-ink">{t('settings.reauthTitle')}</h3>
      <TextField
        name="password"
        type="password"
        label={t('auth.passwordLabel')}
        description={t('settings.reauthDescription')}
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
