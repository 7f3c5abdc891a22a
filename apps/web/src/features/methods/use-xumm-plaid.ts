import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BankAccount, BankLinkHandoffReply } from '@rampart/contracts';
import { useSnackbar } from '../../components/ui/snackbar';
import { createApiClient, isApiError, useApi } from '../../lib/api';
import { useErrorText } from './use-bank-link';
import { banksKey } from '../../lib/queries/banks';
import { openInWallet } from '../../lib/session/wallet-state';
import { FOCUS_HEADING_ON_ARRIVAL, useStepFocus } from '../../lib/step-focus';
import { bankLinkHandoffStatus, createBankLinkHandoff } from './api/bank-link-handoff';
import { methodsKey } from './api/keys';
import { readAccess, redeemOnce, saveAccess, type StoredAccess } from './handoff-access';
import { returnPath } from './paths';
import { useAction } from './use-action';

/** How often the mini-app asks whether the bank was linked while the wallet's browser is open. */
export const HANDOFF_POLL_MS = 3000;

export type BrowserState =
  | { name: 'redeeming' }
  | { name: 'ready'; access: StoredAccess }
  | { name: 'refused'; expired: boolean; message: string }
  | { name: 'linked'; bank: string; reauth: boolean };

/** The heading of the wallet's browser's last step (the bank linked), which takes focus as it appears. */
export const BROWSER_LINKED_HEADING_ID = 'bank-linked-title';

/**
 * The wallet's browser side of /xumm/plaid: the link's token redeemed once for an access token (kept for this tab,
 * the token taken out of the address bar), the API client scoped to it, and the ending once a bank was linked.
 */
export function useBrowserBankLink(token: string | null) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const errorMessage = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const focusStep = useStepFocus();
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
          message: known ? t(expired ? 'wallet.browser.expired' : 'wallet.browser.invalid') : errorMessage(error),
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

  /** The bank was linked (or logged in to again): the access is spent. */
  const done = (account: BankAccount) => {
    saveAccess(null);
    setState({ name: 'linked', bank: account.bankName, reauth: access !== null && access.reauth !== null });
    focusStep(BROWSER_LINKED_HEADING_ID);
  };

  return { state, scoped, done };
}

/**
 * The mini-app's side of /xumm/plaid: the single-use link (for a new bank, or `?reauth=` a bank's login), opened in
 * the wallet's browser, and its status asked every few seconds and on coming back, until a bank was linked.
 */
export function useWalletBankLink() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const errorMessage = useErrorText();
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
    onError: (error) => snackbar.show({ message: errorMessage(error), severity: 'error' }),
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
    void navigate(returnPath(params.get('redirect')), { replace: true, state: FOCUS_HEADING_ON_ARRIVAL });
    // One ending per handoff.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.data?.status]);

  return {
    reauth,
    /** A link was opened and has not expired: the page waits for the other side. */
    waiting: handoff !== null && status.data?.status !== 'expired',
    expired: status.data?.status === 'expired',
    opened: status.data?.status === 'opened',
    returnTo: returnPath(params.get('redirect')),
    opening: open.isPending,
    openLink: () => open.mutate(undefined),
  };
}
