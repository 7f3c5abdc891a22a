import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { Form } from 'react-aria-components';
import { PHONE_MAX_LENGTH } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { EntryFormProps } from './entry-form-props';

/** The phone number to text sign-in codes to, in international form (R2). */
export function PhoneNumberForm(props: EntryFormProps) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  return (
    <Form validationBehavior="aria" onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <h3 className="font-semibold text-ink">{t('settings:phoneTitle')}</h3>
      <TextField
        name="phoneNumber"
        type="tel"
        label={t('settings:phoneLabel')}
        description={t('settings:phoneHint')}
        autoComplete="tel"
        inputMode="tel"
        placeholder="+1 415 555 2671"
        maxLength={PHONE_MAX_LENGTH}
        autoFocus
        value={props.value}
        onChange={props.onValueChange}
        error={props.error}
      />
      <Button type="submit" fullWidth isDisabled={props.pending}>
        {t('settings:sendPhoneCode')}
      </Button>
      {props.cancel}
    </Form>
  );
}
