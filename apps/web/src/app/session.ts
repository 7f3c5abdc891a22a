import {
  ACCOUNT_STATUSES,
  CLIENT_CONSTANTS,
  KYC_CHECK_NAMES,
  KYC_CHECK_STATUSES,
  type KycCheckStatus,
  type AccountGetResponse,
  type AccountStatus,
  type AuthcheckResponse,
} from '@rampart/contracts';
import { isApiError, type ApiClient } from '../lib/api';
import { getUser } from '../features/auth/api/get-user';
import { signOutSession } from '../features/auth/api/sign-out';
import { createAuthStore, type AuthStore } from '../lib/session/auth-store';
import { createKycStore, type KycContactChecks, type KycStore } from '../lib/session/kyc-store';

export interface Session {
  api: ApiClient;
  auth: AuthStore;
  kyc: KycStore;
  /** Schedules the initial session check and keeps the KYC state in step with the auth state. */
  start(): () => void;
}

/*
 * The three replies read at start (authcheck, account get, config) are checked by hand rather than
 * with their zod schemas: zod alone would add about 22 KB gzip to the entry that /auth loads, and
 * each reply has one or two fields. Pages that send forms load the schemas in their own chunks.
 */

/** The custodian's checks from /primetrust-contact, read by hand: known names and statuses only. */
export function readContactChecks(checks: unknown): KycContactChecks | null {
  if (typeof checks !== 'object' || checks === null) return null;
  const result: KycContactChecks = {};
  for (const name of KYC_CHECK_NAMES) {
    const value = (checks as Record<string, unknown>)[name];
    if ((KYC_CHECK_STATUSES as readonly unknown[]).includes(value)) result[name] = value as KycCheckStatus;
  }
  return result;
}

/**
 * Builds the auth and KYC stores on an API client. Features do not import each other, so the link
 * between them (load KYC once logged in, clear it on sign-out) lives here.
 */
export function createSession(api: ApiClient): Session {
  const auth = createAuthStore({
    async authcheck() {
      try {
        const reply = await api.request<AuthcheckResponse>('/user/authcheck', { retry: true });
        return reply?.valid === true;
      } catch (error) {
        // 401: the token is refused, which is the same as an invalid session.
        if (isApiError(error) && error.kind === 'authentication') return false;
        throw error;
      }
    },
    signOutRemote: () => signOutSession(api),
  });
  const readStatus = (reply: AccountGetResponse | null) => {
    const status = reply?.status ?? 'noInfo';
    if (!(ACCOUNT_STATUSES as readonly string[]).includes(status)) throw new Error(`Unknown account status: ${status}`);
    return { status: status as AccountStatus };
  };
  const kyc = createKycStore({
    getAccount: async () =>
      readStatus(await api.request<AccountGetResponse | null>('/primetrust/account/get', { retry: true })),
    // R16: never retried (it asks the custodian for a new review each time).
    refreshAccount: async () =>
      readStatus(await api.request<AccountGetResponse | null>('/primetrust-account-refresh', { retry: false })),
    async loadDetails() {
      const [contact, holdings] = await Promise.all([
        api.request<{ checks?: unknown } | null>('/primetrust-contact', { retry: true }),
        api.request<{ available?: unknown } | null>('/primetrust-accounts-view', { retry: true }),
      ]);
      // "kept only if available" (document 2, section 7): a reply without it leaves the balance unknown.
      const availableUsd = typeof holdings?.available === 'string' ? holdings.available : null;
      return { contactChecks: readContactChecks(contact?.checks), availableUsd };
    },
  });

  return {
    api,
    auth,
    kyc,
    start() {
      let wasLoggedIn = false;
      const sync = () => {
        const { authChecked, loggedIn } = auth.getState();
        const isLoggedIn = authChecked && loggedIn;
        if (isLoggedIn && !wasLoggedIn) {
          void kyc.load();
          // After login the user info is loaded (document 1, section 4); the sign-in flow loads it itself.
          if (!auth.getState().userInfo) {
            getUser(api).then(
              (user) => auth.setUserInfo({ userGuid: user.userGuid, email: user.email }),
              (error: unknown) => console.debug('[auth] the user info could not be loaded', error),
            );
          }
        }
        if (!isLoggedIn && wasLoggedIn) kyc.clear();
        wasLoggedIn = isLoggedIn;
      };
      const unsubscribe = auth.subscribe(sync);
      sync();
      const timer = setTimeout(() => void auth.checkSession(), CLIENT_CONSTANTS.initialAuthCheckDelayMs);
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
  };
}
