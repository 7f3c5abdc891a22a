import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import { TextField } from '../../../components/ui/text-field';
import { ReauthForm } from './reauth-form';
import { TOTP_STATUS_ID, useTotpForm } from './use-totp-form';

/**
 * The authenticator app (R2): set up (re-authenticate with the password, scan the QR code or type the
 * secret, verify a code, make it the preferred factor) or turn off (back to the emailed code).
 */
export function TotpSection({ enabled, smsInUse = false }: { enabled: boolean; smsInUse?: boolean }) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const totp = useTotpForm();
  const { mode, value, error, pending } = totp;

  const cancel = (
    <Button type="button" variant="secondary" fullWidth onPress={totp.cancel}>
      {t('settings:cancel')}
    </Button>
  );

  return (
    <section aria-labelledby="totp-title" className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h2 id="totp-title" className="text-lg font-bold text-ink">
        {t('settings:totpTitle')}
      </h2>
      <p id={TOTP_STATUS_ID} tabIndex={-1} data-testid="totp-status" className="text-sm text-ink-muted outline-none">
        {enabled ? t('settings:totpOn') : smsInUse ? t('settings:totpOffSms') : t('settings:totpOff')}
      </p>

      {mode.name === 'idle' ? (
        enabled ? (
          <Button variant="secondary" fullWidth onPress={() => totp.start({ name: 'reauth', purpose: 'disable' })}>
            {t('settings:disableTotp')}
          </Button>
        ) : (
          <Button fullWidth onPress={() => totp.start({ name: 'reauth', purpose: 'setup' })}>
            {t('settings:setUpTotp')}
          </Button>
        )
      ) : null}

      {mode.name === 'reauth' ? (
        <ReauthForm
          value={value}
          error={error}
          pending={pending}
          onValueChange={totp.change}
          onSubmit={totp.submitPassword}
          cancel={cancel}
        />
      ) : null}

      {mode.name === 'scan' ? (
        <Form validationBehavior="aria" onSubmit={totp.submitCode} className="flex flex-col gap-4">
          <h3 className="font-semibold text-ink">{t('settings:scanTitle')}</h3>
          <p className="text-sm text-ink-muted">{t('settings:scanDescription')}</p>
          <div className="self-center">
            <QrCode value={mode.uri} alt={t('settings:qrAlt')} size={208} testId="totp-qr" />
          </div>
          <div className="flex flex-col gap-1">
            <span id="totp-secret-label" className="text-sm font-semibold text-ink">
              {t('settings:secretLabel')}
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
            onChange={totp.changeCode}
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
