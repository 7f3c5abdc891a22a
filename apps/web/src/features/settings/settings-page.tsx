import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from './settings-texts';
import { Button } from '../../components/ui/button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { useUser } from '../../lib/queries/user';
import { ChangePasswordSection } from './components/change-password-section';
import { SignInCodesSection } from './components/sign-in-codes-section';
import { TotpSection } from './components/totp-section';
import { currentFactor } from './model';

/** /settings (login): the account, where sign-in codes come from (email or SMS), the authenticator app, the password, sign-out. */
export function SettingsPage({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation(SETTINGS_NAMESPACES, { useSuspense: true });
  const user = useUser();

  if (user.isPending) return <Skeleton />;
  if (user.isError) {
    return (
      <MessageBlock
        tone="danger"
        title={t('settings:title')}
        message={t('settings:loadFailed')}
        onNext={() => void user.refetch()}
        nextLabel={t('settings:retry')}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('settings:title')}</h1>
        <p className="text-base text-ink-muted">{t('settings:description')}</p>
      </div>
      <section aria-labelledby="account-title" className="flex flex-col gap-2 rounded-xl border border-line p-4">
        <h2 id="account-title" className="text-lg font-bold text-ink">
          {t('settings:account')}
        </h2>
        <p className="text-sm wrap-anywhere text-ink-muted">{t('settings:signedInAs', { email: user.data.email })}</p>
      </section>
      <SignInCodesSection user={user.data} />
      <TotpSection enabled={user.data.totpEnabled} smsInUse={currentFactor(user.data) === 'SMS_OTP'} />
      <ChangePasswordSection />
      <section aria-labelledby="sign-out-title" className="flex flex-col gap-3 rounded-xl border border-line p-4">
        <h2 id="sign-out-title" className="text-lg font-bold text-ink">
          {t('settings:signOutTitle')}
        </h2>
        <p className="text-sm text-ink-muted">{t('settings:signOutDescription')}</p>
        <Button variant="secondary" fullWidth onPress={onSignOut}>
          {t('common.signOut')}
        </Button>
      </section>
    </div>
  );
}
