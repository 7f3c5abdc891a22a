import { Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, ExternalLink, Landmark, LinkIcon, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BankAccount, BankLinkHandoffReply } from '@rampart/contracts';
import { RequireKycLevel, RequireLogin } from '../../lib/session/guards';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';
import { useSnackbar } from '../../components/ui/snackbar';
import { ApiProvider, createApiClient, errorText, isApiError, useApi } from '../../lib/api';
import { banksKey } from '../../lib/queries/banks';
import { bankLinkHandoffStatus, createBankLinkHandoff, redeemBankLinkHandoff } from './api/bank-link-handoff';
import { methodsKey } from './api/keys';
import { LinkFlow, ReauthFlow } from './bank-link-page';
import { returnPath } from './paths';
import { useAction } from './use-action';
import { openInWallet } from '../../lib/session/wallet-state';

/** How often the mini-app asks whether the bank was linked while the wallet's browser is open. */
export const HANDOFF_POLL_MS = 3000;
const ACCESS_KEY = 'rampart.bankLinkAccess';

interface StoredAccess {
  accessToken: string;
  expiresAt: string;
  email: string;
  /** The bank to log in to again; null when the link adds a new bank. */
  reauth: BankAccount | null;
}

function readAccess(): StoredAccess | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ACCESS_KEY) ?? 'null') as StoredAccess | null;
    return stored && typeof stored.accessToken === 'string' && Date.parse(stored.expiresAt) > Date.now()
      ? { ...stored, reauth: stored.reauth ?? null }
      : null;
  } catch {
    return null;
  }
}

function saveAccess(access: StoredAccess | null): void {
  try {
    if (access) sessionStorage.setItem(ACCESS_KEY, JSON.stringify(access));
    else sessionStorage.removeItem(ACCESS_KEY);
  } catch {
    // Without storage a reload asks for a new link; the link itself still works.
  }
}

/** One redeem per link for the page's lifetime: the link is single use (a remount must share the first answer). */
const redeems = new Map<string, Promise<StoredAccess>>();

function redeemOnce(token: string): Promise<StoredAccess> {
  let pending = redeems.get(token);
  if (!pending) {
    pending = redeemBankLinkHandoff(createApiClient({ baseUrl: '/api' }), token);
    redeems.set(token, pending);
    pending.catch((error: unknown) => {
      if (isApiError(error) && error.kind === 'connection') redeems.delete(token);
    });
  }
  return pending;
}

/** Tests start each page with a clean slate. */
export function forgetRedeems(): void {
  redeems.clear();
  saveAccess(null);
}

type BrowserState =
  | { name: 'redeeming' }
  | { name: 'ready'; access: StoredAccess }
  | { name: 'refused'; expired: boolean; message: string }
  | { name: 'linked'; bank: string; reauth: boolean };

/**
 * The wallet's browser, opened on `/xumm/plaid?handoff=<token>`: no session here. The link's token becomes an access
 * token for the bank-link calls only (kept for this tab so a reload works; the token leaves the address bar), the
 * usual bank-link screens follow (or the re-auth screen of the bank the link names), and the user is sent back to the
 * wallet app.
 */
export function BrowserBankLink({ token }: { token: string | null }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<BrowserState>(() => {
    if (token) return { name: 'redeeming' };
    const stored = readAccess();
    return stored
      ? { name: 'ready', access: stored }
      : { name: 'refused', expired: true, message: t('wallet.browser.expired') };
  });

  useEffect(() => {
    if (!token) return;
    let live = true;
    redeemOnce(token).then(
      (access) => {
        saveAccess(access);
        if (!live) return;
        setState({ name: 'ready', access });
        void navigate({ pathname: location.pathname, search: '' }, { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        const stored = readAccess();
        if (stored) {
          // A reload that kept the used link: this tab redeemed it already.
          setState({ name: 'ready', access: stored });
          void navigate({ pathname: location.pathname, search: '' }, { replace: true });
          return;
        }
        const expired = isApiError(error) && error.code === 'bank_link_handoff_expired';
        const known =
          isApiError(error) &&
          (expired || error.code === 'bank_link_handoff_invalid' || error.code === 'validation_failed');
        setState({
          name: 'refused',
          expired,
          message: known
            ? t(expired ? 'wallet.browser.expired' : 'wallet.browser.invalid')
            : isApiError(error)
              ? errorText(error)
              : t('errors.unexpected'),
        });
      },
    );
    return () => {
      live = false;
    };
    // The token alone decides whether to redeem; location and navigate are read when the answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const access = state.name === 'ready' ? state.access : null;
  const scoped = useMemo(
    () => (access ? createApiClient({ baseUrl: '/api', getToken: () => access.accessToken }) : null),
    [access],
  );

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
          message={t('wallet.browser.linkedMessage')}
        />
      );
    case 'ready': {
      const { reauth, email } = state.access;
      const done = (account: BankAccount) => {
        saveAccess(null);
        setState({ name: 'linked', bank: account.bankName, reauth: reauth !== null });
      };
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
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [params] = useSearchParams();
  const [handoff, setHandoff] = useState<BankLinkHandoffReply | null>(null);
  const reauth = params.get('reauth') || null;

  // The methods pages' own action hook, not react-query's useMutation (which would grow /auth's entry, decision 019).
  const open = useAction(() => createBankLinkHandoff(api, reauth ?? undefined), {
    onSuccess: (reply) => {
      setHandoff(reply);
      if (!openInWallet(reply.url)) window.open(reply.url, '_blank', 'noopener,noreferrer');
    },
    onError: (error) =>
      snackbar.show({ message: isApiError(error) ? errorText(error) : t('errors.unexpected'), severity: 'error' }),
  });

  const status = useQuery({
    queryKey: ['bank-link-handoff', handoff?.handoffId],
    queryFn: ({ signal }) => bankLinkHandoffStatus(api, handoff?.handoffId ?? '', signal),
    enabled: handoff !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'linked' || query.state.data?.status === 'expired' ? false : HANDOFF_POLL_MS,
    // Coming back from the wallet's browser is the moment the answer is most likely there.
    refetchOnWindowFocus: 'always',
    retry: false,
  });

  const linked: BankAccount | null = status.data?.status === 'linked' ? status.data.account : null;
  useEffect(() => {
    if (status.data?.status !== 'linked') return;
    void queryClient.invalidateQueries({ queryKey: methodsKey });
    void queryClient.invalidateQueries({ queryKey: banksKey });
    const message = linked
      ? t(reauth ? 'reauth.done' : 'link.linked', { bank: linked.bankName })
      : t('wallet.app.linkedNoAccount');
    snackbar.show({ message, severity: 'success' });
    void navigate(returnPath(params.get('redirect')), { replace: true });
    // One ending per handoff.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.data?.status]);

  const expired = status.data?.status === 'expired';
  const opened = status.data?.status === 'opened';
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
      {handoff && !expired ? (
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
        <LinkButton to={returnPath(params.get('redirect'))} variant="secondary">
          {t('actions.cancel')}
        </LinkButton>
        <Button
          isDisabled={open.isPending}
          aria-busy={open.isPending || undefined}
          onPress={() => open.mutate(undefined)}
        >
          {open.isPending ? (
            <Loader2 size={18} className="animate-spin" aria-hidden="true" />
          ) : (
            <ExternalLink size={18} aria-hidden="true" />
          )}
          {handoff && !expired ? t('wallet.app.openAgain') : t('wallet.app.open')}
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
