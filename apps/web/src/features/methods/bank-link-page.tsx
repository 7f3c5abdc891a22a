import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Ban, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BankAccount, BankInstitution, PlaidSandboxLinkReply } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useSnackbar } from '../../components/ui/snackbar';
import { errorText, isApiError, useApi } from '../../lib/api';
import { addBankAccount } from './api/add-bank-account';
import { banksKey, banksQueryOptions } from '../../lib/queries/banks';
import { useInstitutions } from './api/institutions';
import { methodsKey } from './api/keys';
import { createLinkToken } from './api/link-token';
import { reauthBankAccount } from './api/reauth-bank-account';
import { createReauthToken } from './api/reauth-token';
import { completeSandboxLink } from './api/sandbox-link';
import { AccountPicker } from './components/account-picker';
import { BackLink } from './components/back-link';
import { BankLogo } from './components/bank-logo';
import { InstitutionPicker } from './components/institution-picker';
import { Mask } from './components/mask';
import { MethodRowsSkeleton } from './components/method-row-skeleton';
import { METHODS_PATH, returnPath } from './paths';
import { useAction } from './use-action';
import { useWalletState } from '../../lib/session/wallet-state';

/** The server's code for a blacklisted bank (decision 013). */
const BANK_NOT_SUPPORTED = 'bank_not_supported';

function useErrorText() {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (error: unknown) => (isApiError(error) ? errorText(error) : t('errors.unexpected'));
}

/**
 * After a link or a re-auth: the list shows the method as the server answered it at once (no stale 'Login required'
 * while it is read again), a toast says what happened, and the user goes back.
 */
function useFinish() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [params] = useSearchParams();
  return (account: BankAccount, message: string) => {
    const id = account.primetrustFundsTransferMethodId;
    queryClient.setQueryData(banksQueryOptions(api).queryKey, (current) => {
      if (!current) return current;
      const known = current.some((method) => method.primetrustFundsTransferMethodId === id);
      return known
        ? current.map((method) => (method.primetrustFundsTransferMethodId === id ? account : method))
        : [...current, account];
    });
    void queryClient.invalidateQueries({ queryKey: methodsKey });
    void queryClient.invalidateQueries({ queryKey: banksKey });
    snackbar.show({ message, severity: 'success' });
    void navigate(returnPath(params.get('redirect')), { replace: true });
  };
}

function RefusedNotice({ bank }: { bank: string }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <div
      role="alert"
      data-testid="bank-refused"
      className="flex items-start gap-3 rounded-xl border border-danger bg-danger-soft p-4"
    >
      <Ban size={20} className="mt-0.5 shrink-0 text-danger" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-danger">{t('link.refused', { bank })}</p>
        <p className="text-sm text-ink">{t('link.refusedHelp')}</p>
      </div>
    </div>
  );
}

/**
 * Link a bank: pick the institution, then one of its accounts; the bank link record is then stored as a method.
 * `onLinked` replaces the usual ending (the list updated, a toast, back to where the user came from): the wallet's
 * browser (decision 034) has no list to go back to.
 */
export function LinkFlow({ onLinked }: { onLinked?: (account: BankAccount, message: string) => void } = {}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const snackbar = useSnackbar();
  const readError = useErrorText();
  const usual = useFinish();
  const finish = onLinked ?? usual;
  const institutions = useInstitutions();
  const [refused, setRefused] = useState<string | null>(null);
  const [link, setLink] = useState<PlaidSandboxLinkReply | null>(null);
  const [accountId, setAccountId] = useState('');

  const connect = useAction(
    async (institution: BankInstitution) => {
      const { linkToken } = await createLinkToken(api);
      return completeSandboxLink(api, { linkToken, institutionId: institution.id });
    },
    {
      onSuccess: (reply) => {
        setLink(reply);
        setAccountId(reply.accounts[0]?.id ?? '');
      },
      onError: (error, institution) => {
        // The server refuses a blacklisted bank too (the catalogue could change under an open page).
        if (isApiError(error) && error.code === BANK_NOT_SUPPORTED) setRefused(institution.name);
        else snackbar.show({ message: readError(error), severity: 'error' });
      },
    },
  );

  const add = useAction(
    async (chosen: PlaidSandboxLinkReply) => {
      const account = chosen.accounts.find((candidate) => candidate.id === accountId);
      if (!account) throw new Error('no account chosen');
      return addBankAccount(api, {
        publicToken: chosen.publicToken,
        accountId: account.id,
        account,
        institutionId: chosen.institutionId,
        institutionName: chosen.institutionName,
      });
    },
    {
      onSuccess: (account) => finish(account, t('link.linked', { bank: account.bankName })),
      onError: (error) => {
        if (isApiError(error) && error.code === BANK_NOT_SUPPORTED && link) {
          setRefused(link.institutionName);
          setLink(null);
        } else snackbar.show({ message: readError(error), severity: 'error' });
      },
    },
  );

  const pick = (institution: BankInstitution) => {
    if (institution.blacklisted) {
      setRefused(institution.name);
      return;
    }
    setRefused(null);
    connect.mutate(institution);
  };

  if (link) {
    const logo = institutions.data?.find((institution) => institution.id === link.institutionId)?.logo;
    return (
      <form
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!add.isPending) add.mutate(link);
        }}
      >
        <header className="flex items-center gap-4">
          <BankLogo name={link.institutionName} logo={logo} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink">{t('link.accountTitle')}</h1>
            <p className="text-base text-ink-muted">{link.institutionName}</p>
          </div>
        </header>
        <AccountPicker
          accounts={link.accounts}
          selectedId={accountId}
          onChange={setAccountId}
          isDisabled={add.isPending}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" isDisabled={add.isPending} onPress={() => setLink(null)}>
            {t('link.chooseAnother')}
          </Button>
          <Button type="submit" isDisabled={add.isPending} aria-busy={add.isPending || undefined}>
            {add.isPending ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
            {t('link.linkAccount')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('link.title')}</h1>
        <p className="text-base text-ink-muted">{t('link.intro')}</p>
      </header>
      {refused ? <RefusedNotice bank={refused} /> : null}
      {connect.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('link.connecting', { bank: connect.variables?.name ?? '' })}
        </p>
      ) : null}
      {institutions.isPending ? <MethodRowsSkeleton rows={4} label={t('link.loadingBanks')} /> : null}
      {institutions.isError ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger bg-danger-soft p-4">
          <p className="text-sm font-medium text-danger">
            {t('link.banksFailed', { details: readError(institutions.error) })}
          </p>
          <Button variant="secondary" onPress={() => void institutions.refetch()} className="self-start">
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {institutions.data ? (
        <InstitutionPicker
          institutions={institutions.data}
          connectingId={connect.isPending ? (connect.variables?.id ?? null) : null}
          onPick={pick}
        />
      ) : null}
    </div>
  );
}

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
  onDone?: (account: BankAccount, message: string) => void;
}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const snackbar = useSnackbar();
  const readError = useErrorText();
  const usual = useFinish();
  const finish = onDone ?? usual;
  const banks = useQuery({ ...banksQueryOptions(api), enabled: !given });
  const institutions = useInstitutions();
  // Outside methodsKey: refreshing the list after the re-auth must not ask for another token.
  const token = useQuery({
    queryKey: ['methods-reauth', methodId],
    queryFn: () => createReauthToken(api, methodId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const login = useAction(
    async (method: BankAccount) => {
      if (!token.data) throw new Error('no re-auth token');
      const link = await completeSandboxLink(api, {
        linkToken: token.data.linkToken,
        institutionId: method.institutionId,
      });
      return reauthBankAccount(api, {
        fundsTransferMethodId: method.primetrustFundsTransferMethodId,
        publicToken: link.publicToken,
      });
    },
    {
      onSuccess: (account) => finish(account, t('reauth.done', { bank: account.bankName })),
      onError: (error) => snackbar.show({ message: readError(error), severity: 'error' }),
    },
  );

  const method = given ?? banks.data?.find((account) => account.primetrustFundsTransferMethodId === methodId);
  const failure = token.error ?? (given ? null : banks.error);
  // The wallet's browser has no methods list to go back to.
  const back = onDone ? null : <LinkButton to={METHODS_PATH}>{t('actions.backToMethods')}</LinkButton>;
  if (failure || (!given && banks.isSuccess && !method)) {
    return (
      <MessageBlock
        tone="danger"
        title={t('reauth.failedTitle')}
        message={failure ? readError(failure) : t('reauth.unknownMethod')}
        actions={back}
      />
    );
  }

  if (!token.data || !method) {
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

  const logo = institutions.data?.find((institution) => institution.id === method.institutionId)?.logo;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <BankLogo name={method.bankName} logo={logo} size="lg" />
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
        <Button
          isDisabled={login.isPending}
          aria-busy={login.isPending || undefined}
          onPress={() => login.mutate(method)}
        >
          {login.isPending ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
          {t('reauth.continue')}
        </Button>
      </div>
    </div>
  );
}

/** /methods/bank: link a bank through the bank-link sandbox, or with `?reauth=<method id>` log in to a linked one again. */
export function BankLinkPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const [params] = useSearchParams();
  const location = useLocation();
  const wallet = useWalletState();
  const reauth = params.get('reauth');
  // In the wallet mini-app a bank is linked, or logged in to again, in the wallet's browser (decision 034).
  if (wallet.mode === 'ready' || wallet.mode === 'starting')
    return <Navigate to={`/xumm/plaid${location.search}`} replace />;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={METHODS_PATH}>{t('actions.backToMethods')}</BackLink>
      {reauth ? <ReauthFlow key={reauth} methodId={reauth} /> : <LinkFlow />}
    </div>
  );
}
