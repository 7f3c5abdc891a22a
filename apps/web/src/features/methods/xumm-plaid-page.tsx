import { Suspense } from 'react';
import { CheckCircle2, Clock, ExternalLink, Landmark, LinkIcon, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireKycLevel, RequireLogin } from '../../lib/session/guards';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiProvider } from '../../lib/api';
import { LinkFlow, ReauthFlow } from './bank-link-page';
import { readAccess } from './handoff-access';
import { BROWSER_LINKED_HEADING_ID, useBrowserBankLink, useWalletBankLink } from './use-xumm-plaid';

export { forgetRedeems } from './handoff-access';
export { HANDOFF_POLL_MS } from './use-xumm-plaid';

/**
 * The wallet's browser, opened on `/xumm/plaid?handoff=<token>`: no session here. The link's token becomes an access
 * token for the bank-link calls only (kept for this tab so a reload works; the token leaves the address bar), the
 * usual bank-link screens follow (or the re-auth screen of the bank the link names), and the user is sent back to the
 * wallet app.
 */
export function BrowserBankLink({ token }: { token: string | null }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const { state, scoped, done } = useBrowserBankLink(token);

  switch (state.name) {
    case 'redeeming':
      return <Skeleton label={t('wallet.browser.checking')} />;
    case 'refused':
      return (
        <MessageBlock
          tone={state.expired ? 'warning' : 'danger'}
          icon={state.expired ? <Clock size={30} /> : <LinkIcon size={30} />}
          title={state.expired ? t('wallet.browser.expiredTitle') : t('wallet.browser.invalidTitle')}
          message={<span data-testid="handoff-message">{state.message}</span>}
          help={t('wallet.browser.startAgain')}
        />
      );
    case 'linked':
      return (
        <MessageBlock
          tone="success"
          icon={<CheckCircle2 size={30} />}
          title={t(state.reauth ? 'wallet.browser.reauthDoneTitle' : 'wallet.browser.linkedTitle', {
            bank: state.bank,
          })}
          headingId={BROWSER_LINKED_HEADING_ID}
          message={t('wallet.browser.linkedMessage')}
        />
      );
    case 'ready': {
      const { reauth, email } = state.access;
      return scoped ? (
        <ApiProvider api={scoped}>
          <div className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              {t(reauth ? 'wallet.browser.reauthAs' : 'wallet.browser.signedInAs', { email })}
            </p>
            {reauth ? (
              <ReauthFlow methodId={reauth.primetrustFundsTransferMethodId} method={reauth} onDone={done} />
            ) : (
              <LinkFlow onLinked={done} />
            )}
          </div>
        </ApiProvider>
      ) : null;
    }
  }
}

/**
 * The mini-app's side (signed in, Verified): the bank's pages cannot open inside the wallet, so a single-use link
 * opens them in the wallet's browser; the page then asks every few seconds, and whenever the user comes back to the
 * wallet, whether a bank was linked, and goes on with it. With `?reauth=<method id>` (a bank that asks for its login
 * again) the link opens that bank's re-auth instead.
 */
export function WalletBankLink() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const { reauth, waiting, expired, opened, returnTo, opening, openLink } = useWalletBankLink();
  return (
    <div className="flex flex-col gap-5">
      <header className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
          <Landmark size={26} aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">
            {t(reauth ? 'wallet.app.reauthTitle' : 'wallet.app.title')}
          </h1>
          <p className="text-base text-ink-muted">{t(reauth ? 'wallet.app.reauthIntro' : 'wallet.app.intro')}</p>
        </div>
      </header>
      {waiting ? (
        <div
          role="status"
          data-testid="handoff-waiting"
          className="flex items-start gap-3 rounded-xl bg-surface-muted p-4"
        >
          <Loader2 size={20} className="mt-0.5 shrink-0 animate-spin text-primary-ink" aria-hidden="true" />
          <p className="text-sm text-ink">
            {opened ? t('wallet.app.opened') : t(reauth ? 'wallet.app.reauthWaiting' : 'wallet.app.waiting')}
          </p>
        </div>
      ) : null}
      {expired ? (
        <p role="alert" className="rounded-xl bg-warning-soft p-4 text-sm text-ink">
          {t(reauth ? 'wallet.app.reauthExpired' : 'wallet.app.expired')}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <LinkButton to={returnTo} variant="secondary">
          {t('actions.cancel')}
        </LinkButton>
        <Button isDisabled={opening} aria-busy={opening || undefined} onPress={openLink}>
          {opening ? (
            <Loader2 size={18} className="animate-spin" aria-hidden="true" />
          ) : (
            <ExternalLink size={18} aria-hidden="true" />
          )}
          {waiting ? t('wallet.app.openAgain') : t('wallet.app.open')}
        </Button>
      </div>
    </div>
  );
}

/**
 * /xumm/plaid (document 1, section 2): the bank-link screen of the wallet mini-app (login + Verified), and
 * with `?handoff=` the same link opened in the wallet's browser, which has no session (decision 034).
 */
export function XummPlaidPage() {
  const [params] = useSearchParams();
  const token = params.get('handoff');
  const browser = token !== null || readAccess() !== null;
  return (
    <Suspense fallback={<Skeleton />}>
      {browser ? (
        <BrowserBankLink token={token} />
      ) : (
        <RequireLogin>
          <RequireKycLevel>
            <WalletBankLink />
          </RequireKycLevel>
        </RequireLogin>
      )}
    </Suspense>
  );
}
