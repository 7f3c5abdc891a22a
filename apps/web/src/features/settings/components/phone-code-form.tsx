import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { EntryFormProps } from './entry-form-props';

/** The code texted to a new phone number, which confirms it (R2), with a way to send it again. */
export function PhoneCodeForm(props: EntryFormProps & { destination: string; onResend(): void }) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  return (
    <Form validationBehavior="aria" onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <h3 className="font-semibold text-ink">{t('settings:phoneCodeTitle')}</h3>
      <p className="text-sm text-ink-muted">{t('settings:phoneCodeSent', { destination: props.destination })}</p>
      <TextField
        name="code"
        label={t('auth.codeLabel')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        autoFocus
        value={props.value}
        onChange={props.onValueChange}
        error={props.error}
      />
      <Button type="submit" fullWidth isDisabled={props.pending}>
        {t('auth.confirm')}
      </Button>
      <Button type="button" variant="secondary" fullWidth isDisabled={props.pending} onPress={props.onResend}>
        {t('auth.resendCode')}
      </Button>
      {props.cancel}
    </Form>
  );
}
