import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TextField } from '../../../components/ui/text-field';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { associateTotp } from '../api/associate-totp';
import { userQueryOptions } from '../../../lib/queries/user';
import { reauthenticate } from '../api/reauthenticate';
import { setMfaPreference } from '../api/set-mfa-preference';
import { verifyTotp } from '../api/verify-totp';
import { settingsErrorField } from '../model';
import { ReauthForm } from './reauth-form';

type Mode =
  | { name: 'idle' }
  | { name: 'reauth'; purpose: 'setup' | 'disable' }
  | { name: 'scan'; reauthToken: string; secret: string; uri: string };

/**
 * The authenticator app (R2): set up (re-authenticate with the password, scan the QR code or type the
 * secret, verify a code, make it the preferred factor) or turn off (back to the emailed code).
 */
export function TotpSection({ enabled, smsInUse = false }: { enabled: boolean; smsInUse?: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [mode, setMode] = useState<Mode>({ name: 'idle' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const start = (next: Mode) => {
    setMode(next);
    setValue('');
    setError(null);
  };

  const fail = (cause: unknown, form: 'password' | 'code') => {
    const message = isApiError(cause)
      ? serverText.ofError(cause)
      : cause instanceof Error
        ? cause.message
        : String(cause);
    if (isApiError(cause) && settingsErrorField(cause.code, form)) setError(message);
    else snackbar.show({ message, severity: 'error' });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: userQueryOptions(api).queryKey });

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode.name !== 'reauth') return;
    if (value === '') {
      setError(t('identity.passwordRequired'));
      return;
    }
    setPending(true);
    try {
      const { reauthToken } = await reauthenticate(api, { password: value });
      if (mode.purpose === 'setup') {
        const { secretCode, otpauthUri } = await associateTotp(api, reauthToken);
        start({ name: 'scan', reauthToken, secret: secretCode, uri: otpauthUri });
      } else {
        await setMfaPreference(api, reauthToken, 'EMAIL_OTP');
        start({ name: 'idle' });
        snackbar.show({ message: t('settings.totpDisabled'), severity: 'success' });
        await refresh();
      }
    } catch (cause) {
      fail(cause, 'password');
    } finally {
      setPending(false);
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode.name !== 'scan') return;
    if (!/^\d{6}$/.test(value)) {
      setError(t('identity.codeFormat'));
      return;
    }
    setPending(true);
    try {
      await verifyTotp(api, value);
      await setMfaPreference(api, mode.reauthToken, 'SOFTWARE_TOKEN_MFA');
      start({ name: 'idle' });
      snackbar.show({ message: t('settings.totpEnabled'), severity: 'success' });
      await refresh();
    } catch (cause) {
      fail(cause, 'code');
    } finally {
      setPending(false);
    }
  };

  const cancel = (
    <Button type="button" variant="secondary" fullWidth onPress={() => start({ name: 'idle' })}>
      {t('settings.cancel')}
    </Button>
  );

  return (
    <section aria-labelledby="totp-title" className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h2 id="totp-title" className="text-lg font-bold text-ink">
        {t('settings.totpTitle')}
      </h2>
      <p data-testid="totp-status" className="text-sm text-ink-muted">
        {enabled ? t('settings.totpOn') : smsInUse ? t('settings.totpOffSms') : t('settings.totpOff')}
      </p>

      {mode.name === 'idle' ? (
        enabled ? (
          <Button variant="secondary" fullWidth onPress={() => start({ name: 'reauth', purpose: 'disable' })}>
            {t('settings.disableTotp')}
          </Button>
        ) : (
          <Button fullWidth onPress={() => start({ name: 'reauth', purpose: 'setup' })}>
            {t('settings.setUpTotp')}
          </Button>
        )
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
          onSubmit={(event) => void submitPassword(event)}
          cancel={cancel}
        />
      ) : null}

      {mode.name === 'scan' ? (
        <Form validationBehavior="aria" onSubmit={(event) => void submitCode(event)} className="flex flex-col gap-4">
          <h3 className="font-semibold text-ink">{t('settings.scanTitle')}</h3>
          <p className="text-sm text-ink-muted">{t('settings.scanDescription')}</p>
          <div className="self-center">
            <QrCode value={mode.uri} alt={t('settings.qrAlt')} size={208} testId="totp-qr" />
          </div>
          <div className="flex flex-col gap-1">
            <span id="totp-secret-label" className="text-sm font-semibold text-ink">
              {t('settings.secretLabel')}
            </span>
            <code
              aria-labelledby="totp-secret-label"
              data-testid="totp-secret"
              className="rounded-lg bg-surface-muted px-3 py-2 font-mono text-sm break-all text-ink select-all"
            >
              {mode.secret}
            </code>
          </div>
          <TextField
            name="code"
            label={t('auth.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={value}
            onChange={(next) => {
              setValue(next.replace(/\D/g, ''));
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" fullWidth isDisabled={pending}>
            {t('auth.verify')}
          </Button>
          {cancel}
        </Form>
      ) : null}
    </section>
  );
}
