import { AlertTriangle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { MessageBlock } from '../../../components/ui/message-block';
import { METHODS_PATH } from '../paths';
import { useBankReauth, type LinkEnding } from '../use-bank-link';
import { BankLogo } from './bank-logo';
import { Mask } from './mask';
import { MethodRowsSkeleton } from './method-row-skeleton';

/**
 * Re-authentication (document 1, section 4): the method id is kept and the user told to wait (document 2, section 8,
 * field ItemRequiredLogin) while a re-auth link token is requested; then the link screen, limited to the method's
 * own bank, asks for its login again, and the re-auth link's public token repairs the method. The wallet's browser
 * (decision 034) passes the `method` its handoff named (it may not read the list) and its own ending, `onDone`.
 */
export function ReauthFlow({
  methodId,
  method: given,
  onDone,
}: {
  methodId: string;
  method?: BankAccount;
  onDone?: LinkEnding;
}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const reauth = useBankReauth(methodId, given, onDone);
  const { method } = reauth;
  // The wallet's browser has no methods list to go back to.
  const back = onDone ? null : <LinkButton to={METHODS_PATH}>{t('actions.backToMethods')}</LinkButton>;
  if (reauth.failed) {
    return <MessageBlock tone="danger" title={t('reauth.failedTitle')} message={reauth.failureText} actions={back} />;
  }

  if (reauth.waiting || !method) {
    return (
      <div className="flex flex-col gap-5">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('reauth.title')}</h1>
        <div
          role="status"
          data-testid="reauth-notice"
          className="flex items-start gap-3 rounded-xl bg-warning-soft p-4"
        >
          <Loader2 size={20} className="mt-0.5 shrink-0 animate-spin text-warning" aria-hidden="true" />
          <p className="text-sm text-ink">{t('reauth.notice')}</p>
        </div>
        <MethodRowsSkeleton rows={1} label={t('reauth.loading')} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <BankLogo name={method.bankName} logo={reauth.logo} size="lg" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink">
            {t('reauth.loginTitle', { bank: method.bankName })}
          </h1>
          <p className="text-base text-ink-muted">
            {method.nickname} <Mask digits={method.lastDigits} />
          </p>
        </div>
      </header>
      <div className="flex items-start gap-3 rounded-xl bg-warning-soft p-4">
        <AlertTriangle size={20} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
        <p className="text-sm text-ink">{t('reauth.why')}</p>
      </div>
      <p className="text-sm text-ink-muted">{t('reauth.sandbox')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {onDone ? null : (
          <LinkButton to={METHODS_PATH} variant="secondary">
            {t('actions.cancel')}
          </LinkButton>
        )}
        <Button isDisabled={reauth.loggingIn} aria-busy={reauth.loggingIn || undefined} onPress={reauth.logIn}>
          {reauth.loggingIn ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
          {t('reauth.continue')}
        </Button>
      </div>
    </div>
  );
}
