import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useForm } from '../../../lib/forms/use-form';
import { useServerText } from '../../../lib/server-text';
import { useStepFocus } from '../../../lib/step-focus';
import { userQueryOptions } from '../../../lib/queries/user';
import { associateTotp } from '../api/associate-totp';
import { reauthenticate } from '../api/reauthenticate';
import { setMfaPreference } from '../api/set-mfa-preference';
import { verifyTotp } from '../api/verify-totp';
import { settingsErrorField } from '../model';

export type TotpMode =
  { name: 'idle' } | { name: 'reauth'; purpose: 'setup' | 'disable' } | { name: 'scan'; secret: string; uri: string };

/** The id of the section's status line (on or off), which takes focus when a step ends. */
export const TOTP_STATUS_ID = 'totp-status';

/** One entry at a time (the password, then the app's code): its message is the form's one field. */
const FIELDS = ['value'] as const;

/**
 * The state of the authenticator-app section (R2): which step shows, the entry and its message, and the commands
 * (re-authenticate, associate, verify the code, which turns the app on; turn it off). A refusal the settings model places on
 * the entry (`settingsErrorField`) goes under it, the rest to the snackbar.
 */
export function useTotpForm() {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const form = useForm({ fields: FIELDS });
  const [mode, setMode] = useState<TotpMode>({ name: 'idle' });
  const [value, setValue] = useState('');

  // The section's status is where focus goes when a step ends: the step's own controls are gone with it.
  const focusStep = useStepFocus();
  const backToStatus = () => focusStep(TOTP_STATUS_ID);

  const start = (next: TotpMode) => {
    setMode(next);
    setValue('');
    form.clear();
  };

  const fail = (cause: unknown, step: 'password' | 'code') => {
    const message = isApiError(cause) ? serverText.ofError(cause) : t('common.unexpected');
    if (isApiError(cause) && settingsErrorField(cause.code, step)) form.setError('value', message);
    else snackbar.show({ message, severity: 'error' });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: userQueryOptions(api).queryKey });

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode.name !== 'reauth') return;
    if (value === '') {
      form.setError('value', t('identity.passwordRequired'));
      return;
    }
    void form.handleSubmit(async () => {
      try {
        const { reauthToken } = await reauthenticate(api, { password: value });
        if (mode.purpose === 'setup') {
          const { secretCode, otpauthUri } = await associateTotp(api, reauthToken);
          start({ name: 'scan', secret: secretCode, uri: otpauthUri });
        } else {
          await setMfaPreference(api, reauthToken, 'EMAIL_OTP');
          start({ name: 'idle' });
          snackbar.show({ message: t('settings:totpDisabled'), severity: 'success' });
          await refresh();
          backToStatus();
        }
      } catch (cause) {
        fail(cause, 'password');
      }
    })();
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode.name !== 'scan') return;
    if (!/^\d{6}$/.test(value)) {
      form.setError('value', t('identity.codeFormat'));
      return;
    }
    void form.handleSubmit(async () => {
      try {
        // Verifying the code is what switches sign-in to the app (the server makes it the preferred factor). No
        // second call follows: it would need the password's confirmation, which lasts five minutes, and a user who
        // installs an app in between would see a refusal while the app is already on, and could remove it from the
        // phone and be locked out.
        await verifyTotp(api, value);
        start({ name: 'idle' });
        snackbar.show({ message: t('settings:totpEnabled'), severity: 'success' });
        await refresh();
        backToStatus();
      } catch (cause) {
        fail(cause, 'code');
      }
    })();
  };

  const change = (next: string) => {
    setValue(next);
    form.clear('value');
  };

  return {
    mode,
    value,
    error: form.errors.value ?? null,
    pending: form.submitting,
    change,
    changeCode: (next: string) => change(next.replace(/\D/g, '')),
    start,
    cancel: () => {
      start({ name: 'idle' });
      backToStatus();
    },
    submitPassword,
    submitCode,
  };
}
