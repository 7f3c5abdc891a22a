import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@rampart/contracts';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useForm } from '../../../lib/forms/use-form';
import { useServerText } from '../../../lib/server-text';
import { useStepFocus } from '../../../lib/step-focus';
import { userQueryOptions } from '../../../lib/queries/user';
import { reauthenticate } from '../api/reauthenticate';
import { setMfaPreference } from '../api/set-mfa-preference';
import { updatePhone } from '../api/update-phone';
import { verifyPhone } from '../api/verify-phone';
import {
  currentFactor,
  formatPhone,
  freshReauth,
  isReauthExpired,
  reauthFrom,
  settingsErrorField,
  toE164,
  type Reauth,
} from '../model';

/** What the password unlocks: entering a phone number, or choosing where codes come from. */
type Next = 'phone' | 'SMS_OTP' | 'EMAIL_OTP';

export type SignInCodesMode =
  | { name: 'idle' }
  | { name: 'reauth'; next: Next }
  | { name: 'phone' }
  | { name: 'code'; phoneNumber: string; destination: string };

/**
 * The section's status lines, where focus goes when a step ends (its own controls are gone with it): the phone's once
 * a number is confirmed, the current factor's otherwise.
 */
export const SIGN_IN_CODES_STATUS = { factor: 'mfa-current', phone: 'phone-status' } as const;

/** One entry at a time (the password, the phone number or the code): its message is the form's one field. */
const FIELDS = ['value'] as const;

/**
 * The state of the sign-in codes section (R2): which step shows, the entry, its message, the re-authentication
 * reused while it lasts, and the commands (re-authenticate, send and confirm the phone's code, choose the factor).
 * A refusal the settings model places on the entry (`settingsErrorField`) goes under it, an expired
 * re-authentication back to the password, the rest to the snackbar.
 */
export function useSignInCodes(user: UserInfo) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const form = useForm({ fields: FIELDS });
  const [mode, setMode] = useState<SignInCodesMode>({ name: 'idle' });
  const [reauth, setReauth] = useState<Reauth | null>(null);
  const [value, setValue] = useState('');
  const focusStep = useStepFocus();

  const factor = currentFactor(user);
  const phoneReady = user.phoneNumber !== null && user.phoneNumberVerified;
  const phone = formatPhone(user.phoneNumber);
  const setError = (message: string) => form.setError('value', message);

  const start = (next: SignInCodesMode) => {
    setMode(next);
    setValue('');
    form.clear();
  };

  /** Back to the section's buttons, focus on one of its status lines. */
  const backToStatus = (status: keyof typeof SIGN_IN_CODES_STATUS = 'factor') => {
    start({ name: 'idle' });
    focusStep(SIGN_IN_CODES_STATUS[status]);
  };

  /** Runs one command at a time; each handles its own failures (`fail`). */
  const busy = (work: () => Promise<void>) => form.handleSubmit(work)();

  /** Field messages on the field, an expired re-authentication back to the password, the rest in the snackbar. */
  const fail = (cause: unknown, step: 'password' | 'code' | 'phone', retry: Next) => {
    const message = isApiError(cause) ? serverText.ofError(cause) : t('common.unexpected');
    if (isApiError(cause) && step !== 'password' && isReauthExpired(cause)) {
      setReauth(null);
      start({ name: 'reauth', next: retry });
      snackbar.show({ message, severity: 'error' });
      return;
    }
    const onField =
      step === 'phone'
        ? isApiError(cause) && (cause.fields?.phoneNumber !== undefined || cause.code === 'InvalidParameterException')
        : isApiError(cause) && settingsErrorField(cause.code, step) !== null;
    if (onField)
      setError(
        isApiError(cause) && cause.fields?.phoneNumber
          ? (serverText.ofField(cause, 'phoneNumber') ?? message)
          : message,
      );
    else snackbar.show({ message, severity: 'error' });
  };

  const showUser = async (next: UserInfo) => {
    queryClient.setQueryData(userQueryOptions(api).queryKey, next);
    await queryClient.invalidateQueries({ queryKey: userQueryOptions(api).queryKey });
  };

  const choose = async (preferred: 'SMS_OTP' | 'EMAIL_OTP', token: string) => {
    const next = await setMfaPreference(api, token, preferred);
    backToStatus();
    snackbar.show({
      message: t(preferred === 'SMS_OTP' ? 'settings:smsChosen' : 'settings:emailChosen'),
      severity: 'success',
    });
    await showUser(next);
  };

  /** Goes on to `next`, asking for the password first unless a re-authentication is still fresh. */
  const proceed = (next: Next) => {
    const token = freshReauth(reauth, Date.now());
    if (!token) {
      start({ name: 'reauth', next });
      return;
    }
    if (next === 'phone') {
      start({ name: 'phone' });
      return;
    }
    void busy(async () => {
      try {
        await choose(next, token);
      } catch (cause) {
        fail(cause, 'code', next);
      }
    });
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode.name !== 'reauth') return;
    if (value === '') {
      setError(t('identity.passwordRequired'));
      return;
    }
    void busy(async () => {
      let token: string;
      try {
        const fresh = reauthFrom(await reauthenticate(api, { password: value }), Date.now());
        setReauth(fresh);
        token = fresh.token;
      } catch (cause) {
        fail(cause, 'password', mode.next);
        return;
      }
      if (mode.next === 'phone') {
        start({ name: 'phone' });
        return;
      }
      try {
        await choose(mode.next, token);
      } catch (cause) {
        backToStatus();
        fail(cause, 'code', mode.next);
      }
    });
  };

  const sendPhoneCode = (phoneNumber: string, again = false) =>
    busy(async () => {
      const token = freshReauth(reauth, Date.now());
      if (!token) {
        start({ name: 'reauth', next: 'phone' });
        return;
      }
      try {
        const reply = await updatePhone(api, phoneNumber, token);
        start({
          name: 'code',
          phoneNumber,
          destination: reply.codeDeliveryDetails?.destination ?? formatPhone(phoneNumber),
        });
        if (again) snackbar.show({ message: t('auth.codeResent'), severity: 'success' });
      } catch (cause) {
        fail(cause, 'phone', 'phone');
      }
    });

  const submitPhone = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = toE164(value);
    if (!checked.ok) {
      setError(t(`rules:${checked.failure.code}`, checked.failure.params));
      return;
    }
    void sendPhoneCode(checked.e164);
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(value)) {
      setError(t('identity.codeFormat'));
      return;
    }
    void busy(async () => {
      try {
        const next = await verifyPhone(api, value);
        backToStatus('phone');
        snackbar.show({ message: t('settings:phoneVerified'), severity: 'success' });
        await showUser(next);
      } catch (cause) {
        fail(cause, 'code', 'phone');
      }
    });
  };

  const change = (next: string) => {
    setValue(next);
    form.clear('value');
  };

  return {
    mode,
    factor,
    phoneReady,
    phone,
    value,
    error: form.errors.value ?? null,
    pending: form.submitting,
    change,
    changeCode: (next: string) => change(next.replace(/\D/g, '')),
    cancel: () => backToStatus(),
    proceed,
    submitPassword,
    submitPhone,
    submitCode,
    resendCode: (phoneNumber: string) => void sendPhoneCode(phoneNumber, true),
  };
}
