import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from '../settings-texts';
import type { UserInfo } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { PhoneCodeForm } from './phone-code-form';
import { PhoneNumberForm } from './phone-number-form';
import { ReauthForm } from './reauth-form';
import { SIGN_IN_CODES_STATUS, useSignInCodes } from './use-sign-in-codes';

/**
 * The second factor by SMS (R2): add a phone number (re-authenticate with the password, type it in
 * international form, confirm it with the texted code), then choose "Text me a code"; or go back to the
 * emailed code. Says which factor sign-in asks for now. A re-authentication is reused while it lasts, so
 * confirming a phone and choosing it asks for the password once.
 */
export function SignInCodesSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const codes = useSignInCodes(user);
  const { mode, factor, phone, phoneReady, pending } = codes;
  const entry = { value: codes.value, error: codes.error, pending };

  const cancel = (
    <Button type="button" variant="secondary" fullWidth onPress={codes.cancel}>
      {t('settings:cancel')}
    </Button>
  );

  return (
    <section aria-labelledby="codes-title" className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h2 id="codes-title" className="text-lg font-bold text-ink">
        {t('settings:factorTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('settings:factorDescription')}</p>
      <p
        id={SIGN_IN_CODES_STATUS.factor}
        tabIndex={-1}
        data-testid="mfa-current"
        className="text-sm font-semibold text-ink outline-none"
      >
        {factor === 'SMS_OTP'
          ? t('settings:factorSms', { phone })
          : factor === 'SOFTWARE_TOKEN_MFA'
            ? t('settings:factorTotp')
            : t('settings:factorEmail', { email: user.email })}
      </p>
      <p
        id={SIGN_IN_CODES_STATUS.phone}
        tabIndex={-1}
        data-testid="phone-status"
        className="text-sm wrap-anywhere text-ink-muted outline-none"
      >
        {phoneReady ? t('settings:phoneConfirmed', { phone }) : t('settings:phoneNone')}
      </p>

      {mode.name === 'idle' ? (
        <div className="flex flex-col gap-3">
          {phoneReady && factor !== 'SMS_OTP' ? (
            <>
              {factor === 'SOFTWARE_TOKEN_MFA' ? (
                <p className="text-sm text-ink-muted">{t('settings:smsTurnsOffTotp')}</p>
              ) : null}
              <Button fullWidth isDisabled={pending} onPress={() => codes.proceed('SMS_OTP')}>
                {t('settings:useSms')}
              </Button>
            </>
          ) : null}
          {factor === 'SMS_OTP' ? (
            <Button fullWidth isDisabled={pending} onPress={() => codes.proceed('EMAIL_OTP')}>
              {t('settings:useEmail')}
            </Button>
          ) : null}
          <Button variant="secondary" fullWidth isDisabled={pending} onPress={() => codes.proceed('phone')}>
            {user.phoneNumber ? t('settings:changePhone') : t('settings:addPhone')}
          </Button>
        </div>
      ) : null}

      {mode.name === 'reauth' ? (
        <ReauthForm {...entry} onValueChange={codes.change} onSubmit={codes.submitPassword} cancel={cancel} />
      ) : null}

      {mode.name === 'phone' ? (
        <PhoneNumberForm {...entry} onValueChange={codes.change} onSubmit={codes.submitPhone} cancel={cancel} />
      ) : null}

      {mode.name === 'code' ? (
        <PhoneCodeForm
          {...entry}
          destination={mode.destination}
          onValueChange={codes.changeCode}
          onSubmit={codes.submitCode}
          onResend={() => codes.resendCode(mode.phoneNumber)}
          cancel={cancel}
        />
      ) : null}
    </section>
  );
}
