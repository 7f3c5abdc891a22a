import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { PHONE_MAX_LENGTH, type UserInfo } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { useSnackbar } from '../../../components/ui/snackbar';
import { ReauthForm } from './reauth-form';
import { TextField } from '../../../components/ui/text-field';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
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

type Mode =
  | { name: 'idle' }
  | { name: 'reauth'; next: Next }
  | { name: 'phone' }
  | { name: 'code'; phoneNumber: string; destination: string };

/**
 * The second factor by SMS (R2): add a phone number (re-authenticate with the password, type it in
 * international form, confirm it with the texted code), then choose "Text me a code"; or go back to the
 * emailed code. Says which factor sign-in asks for now. A re-authentication is reused while it lasts, so
 * confirming a phone and choosing it asks for the password once.
 */
export function SignInCodesSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [mode, setMode] = useState<Mode>({ name: 'idle' });
  const [reauth, setReauth] = useState<Reauth | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const factor = currentFactor(user);
  const phoneReady = user.phoneNumber !== null && user.phoneNumberVerified;
  const phone = formatPhone(user.phoneNumber);

  const start = (next: Mode) => {
    setMode(next);
    setValue('');
    setError(null);
  };

  const busy = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
    } finally {
      setPending(false);
    }
  };

  /** Field messages on the field, an expired re-authentication back to the password, the rest in the snackbar. */
  const fail = (cause: unknown, form: 'password' | 'code' | 'phone', retry: Next) => {
    const message = isApiError(cause)
      ? serverText.ofError(cause)
      : cause instanceof Error
        ? cause.message
        : String(cause);
    if (isApiError(cause) && form !== 'password' && isReauthExpired(cause)) {
      setReauth(null);
      start({ name: 'reauth', next: retry });
      snackbar.show({ message, severity: 'error' });
      return;
    }
    const onField =
      form === 'phone'
        ? isApiError(cause) && (cause.fields?.phoneNumber !== undefined || cause.code === 'InvalidParameterException')
        : isApiError(cause) && settingsErrorField(cause.code, form) !== null;
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
    start({ name: 'idle' });
    snackbar.show({
      message: t(preferred === 'SMS_OTP' ? 'settings.smsChosen' : 'settings.emailChosen'),
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
        start({ name: 'idle' });
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
        start({ name: 'idle' });
        snackbar.show({ message: t('settings.phoneVerified'), severity: 'success' });
        await showUser(next);
      } catch (cause) {
        fail(cause, 'code', 'phone');
      }
    });
  };

  const cancel = (
    <Button type="button" variant="secondary" fullWidth onPress={() => start({ name: 'idle' })}>
      {t('settings.cancel')}
    </Button>
  );

  return (
    <section aria-labelledby="codes-title" className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h2 id="codes-title" className="text-lg font-bold text-ink">
        {t('settings.factorTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('settings.factorDescription')}</p>
      <p data-testid="mfa-current" className="text-sm font-semibold text-ink">
        {factor === 'SMS_OTP'
          ? t('settings.factorSms', { phone })
          : factor === 'SOFTWARE_TOKEN_MFA'
            ? t('settings.factorTotp')
            : t('settings.factorEmail', { email: user.email })}
      </p>
      <p data-testid="phone-status" className="text-sm wrap-anywhere text-ink-muted">
        {phoneReady ? t('settings.phoneConfirmed', { phone }) : t('settings.phoneNone')}
      </p>

      {mode.name === 'idle' ? (
        <div className="flex flex-col gap-3">
          {phoneReady && factor !== 'SMS_OTP' ? (
            <>
              {factor === 'SOFTWARE_TOKEN_MFA' ? (
                <p className="text-sm text-ink-muted">{t('settings.smsTurnsOffTotp')}</p>
              ) : null}
              <Button fullWidth isDisabled={pending} onPress={() => proceed('SMS_OTP')}>
                {t('settings.useSms')}
              </Button>
            </>
          ) : null}
          {factor === 'SMS_OTP' ? (
            <Button fullWidth isDisabled={pending} onPress={() => proceed('EMAIL_OTP')}>
              {t('settings.useEmail')}
            </Button>
          ) : null}
          <Button variant="secondary" fullWidth isDisabled={pending} onPress={() => proceed('phone')}>
            {user.phoneNumber ? t('settings.changePhone') : t('settings.addPhone')}
          </Button>
        </div>
      ) : null}

      {mode.name === 'reauth' ? (
        <ReauthForm
          value={value}
          error={error}
          pending={pending}
          onValueChange={(next) => {
            setValue(next);
            setError(null);
          }}
          onSubmit={submitPassword}
          cancel={cancel}
        />
      ) : null}

      {mode.name === 'phone' ? (
        <Form validationBehavior="aria" onSubmit={submitPhone} className="flex flex-col gap-4">
          <h3 className="font-semibold text-ink">{t('settings.phoneTitle')}</h3>
          <TextField
            name="phoneNumber"
            type="tel"
            label={t('settings.phoneLabel')}
            description={t('settings.phoneHint')}
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 415 555 2671"
            maxLength={PHONE_MAX_LENGTH}
            autoFocus
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" fullWidth isDisabled={pending}>
            {t('settings.sendPhoneCode')}
          </Button>
          {cancel}
        </Form>
      ) : null}

      {mode.name === 'code' ? (
        <Form validationBehavior="aria" onSubmit={submitCode} className="flex flex-col gap-4">
          <h3 className="font-semibold text-ink">{t('settings.phoneCodeTitle')}</h3>
          <p className="text-sm text-ink-muted">{t('settings.phoneCodeSent', { destination: mode.destination })}</p>
          <TextField
            name="code"
            label={t('auth.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            value={value}
            onChange={(next) => {
              setValue(next.replace(/\D/g, ''));
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" fullWidth isDisabled={pending}>
            {t('auth.confirm')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            fullWidth
            isDisabled={pending}
            onPress={() => void sendPhoneCode(mode.phoneNumber, true)}
          >
            {t('auth.resendCode')}
          </Button>
          {cancel}
        </Form>
      ) : null}
    </section>
  );
}
