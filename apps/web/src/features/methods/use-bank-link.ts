import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { BankAccount, BankInstitution, PlaidSandboxLinkReply } from '@rampart/contracts';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi } from '../../lib/api';
import { banksKey, banksQueryOptions } from '../../lib/queries/banks';
import { useServerText } from '../../lib/server-text';
import { FOCUS_HEADING_ON_ARRIVAL, useStepFocus } from '../../lib/step-focus';
import { addBankAccount } from './api/add-bank-account';
import { useInstitutions } from './api/institutions';
import { methodsKey } from './api/keys';
import { createLinkToken } from './api/link-token';
import { reauthBankAccount } from './api/reauth-bank-account';
import { createReauthToken } from './api/reauth-token';
import { completeSandboxLink } from './api/sandbox-link';
import { returnPath } from './paths';
import { useAction } from './use-action';

/** The headings of the link's two steps, where focus goes as one replaces the other (`useStepFocus`). */
export const LINK_STEP_HEADINGS = { banks: 'bank-link-title', account: 'bank-account-title' } as const;

/** The server's code for a blacklisted bank (decision 013). */
const BANK_NOT_SUPPORTED = 'bank_not_supported';

/** What happens once a bank is linked or logged in to again: the account and the message to say it with. */
export type LinkEnding = (account: BankAccount, message: string) => void;

/** An error's text in the user's language: a reply by its keys (decision 075), anything else as unexpected. */
export function useErrorText() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const serverText = useServerText();
  return (error: unknown) => (isApiError(error) ? serverText.ofError(error) : t('errors.unexpected'));
}

/**
 * After a link or a re-auth: the list shows the method as the server answered it at once (no stale 'Login required'
 * while it is read again), a toast says what happened, and the user goes back (focus on the heading of the page
 * reached).
 */
function useFinish(): LinkEnding {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [params] = useSearchParams();
  return (account, message) => {
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
    void navigate(returnPath(params.get('redirect')), { replace: true, state: FOCUS_HEADING_ON_ARRIVAL });
  };
}

/**
 * Linking a bank (docs/decisions/082-pages-as-layout.md): the banks to pick from, the one the server or the
 * catalogue refused, the bank link record once connected and the account chosen from it, and storing it as a method.
 * `onLinked` replaces the usual ending (the wallet's browser, decision 034, has no list to go back to).
 */
export function useBankLink(onLinked?: LinkEnding) {
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
  const focusStep = useStepFocus();

  const connect = useAction(
    async (institution: BankInstitution) => {
      const { linkToken } = await createLinkToken(api);
      return completeSandboxLink(api, { linkToken, institutionId: institution.id });
    },
    {
      onSuccess: (reply) => {
        setLink(reply);
        setAccountId(reply.accounts[0]?.id ?? '');
        focusStep(LINK_STEP_HEADINGS.account);
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
          focusStep(LINK_STEP_HEADINGS.banks);
        } else snackbar.show({ message: readError(error), severity: 'error' });
      },
    },
  );

  return {
    institutions,
    readError,
    refused,
    link,
    /** The connected bank's logo, from the catalogue. */
    logo: link ? institutions.data?.find((institution) => institution.id === link.institutionId)?.logo : undefined,
    accountId,
    setAccountId,
    /** The bank being connected to, while it is. */
    connecting: connect.isPending ? (connect.variables ?? null) : null,
    adding: add.isPending,
    pick(institution: BankInstitution) {
      if (institution.blacklisted) {
        setRefused(institution.name);
        return;
      }
      setRefused(null);
      connect.mutate(institution);
    },
    chooseAnother: () => {
      setLink(null);
      focusStep(LINK_STEP_HEADINGS.banks);
    },
    submit(event: FormEvent) {
      event.preventDefault();
      if (link && !add.isPending) add.mutate(link);
    },
  };
}

/**
 * Logging in to a linked bank again (document 1, section 4): the method (named by the wallet's browser, decision
 * 034, or read from the list), the re-auth link token, and repairing the method with the re-auth link's token.
 */
export function useBankReauth(methodId: string, given: BankAccount | undefined, onDone?: LinkEnding) {
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
  return {
    method,
    /** Why the re-auth cannot start: the token or the list refused, or the list has no such method. */
    failed: failure !== null || (!given && banks.isSuccess && !method),
    failureText: failure ? readError(failure) : t('reauth.unknownMethod'),
    /** Still waiting for the token or the method. */
    waiting: !token.data || !method,
    logo: method ? institutions.data?.find((institution) => institution.id === method.institutionId)?.logo : undefined,
    loggingIn: login.isPending,
    logIn: () => {
      if (method) login.mutate(method);
    },
  };
}
