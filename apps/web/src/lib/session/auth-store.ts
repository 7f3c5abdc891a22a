import { createContext, createElement, useContext, type ReactNode } from 'react';
import { createStore, useStoreState, useStoreValue } from '../store';
import { clearSession, readToken } from './session-storage';

/** Login method types of document 1, section 3 (R2). */
export const AUTH_2FA_TYPES = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP', 'NONE'] as const;
export type Auth2FAType = (typeof AUTH_2FA_TYPES)[number];

export interface UserInfo {
  userGuid?: string;
  email?: string;
}

/**
 * Why the session ended, said on the sign-in page (document 2, section 8; a key of the locale files' `auth.errors`):
 * the stored login token names no live session, or it needed renewing with no pool session to renew it from.
 */
export type SessionNotice = 'noCognitoSession' | 'noUserSessionInAuth';

/** Auth state of document 1, section 3, plus the account-frozen flag of R5. */
export interface AuthState {
  loading: boolean;
  authChecked: boolean;
  loggedIn: boolean;
  userInfo: UserInfo | null;
  auth2FAType: Auth2FAType | null;
  accountFrozen: boolean;
  notice: SessionNotice | null;
}

export const INITIAL_AUTH_STATE: AuthState = {
  loading: false,
  authChecked: false,
  loggedIn: false,
  userInfo: null,
  auth2FAType: null,
  accountFrozen: false,
  notice: null,
};

export interface AuthDeps {
  /**
   * Asks the API whether the stored token names a live session. Resolves false when the token is
   * refused (invalid or 401); rejects on any other failure (network, 5xx after retries).
   */
  authcheck(): Promise<boolean>;
  readToken?: () => string | null;
  clearSession?: () => void;
  /** Revokes the session on the server (POST /identity/sign-out); failures are ignored by logOut. */
  signOutRemote?: () => Promise<unknown>;
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** The initial session check (document 1, section 4 "Auth"). */
  checkSession(): Promise<void>;
  /** After a successful sign-in, code confirmation or token exchange. Resets the 2FA type. */
  setLoggedIn(userInfo?: UserInfo | null): void;
  setUserInfo(userInfo: UserInfo | null): void;
  setAuth2FAType(type: Auth2FAType | null): void;
  setAccountFrozen(frozen: boolean): void;
  /** Local sign-out: clears the stored session and the state (an invalid session, a refused token). */
  signOut(): void;
  /** The session ended without the user: signs out locally, keeping why for the sign-in page. */
  endSession(notice: SessionNotice): void;
  /** The notice has been shown. */
  clearNotice(): void;
  /**
   * The user's sign-out: revokes the session on the server first, then signs out locally whatever happens.
   * False when the server could not be told ('error signing out').
   */
  logOut(): Promise<boolean>;
}

export function createAuthStore(deps: AuthDeps, initial: Partial<AuthState> = {}): AuthStore {
  const store = createStore<AuthState>({ ...INITIAL_AUTH_STATE, ...initial });
  const getToken = deps.readToken ?? readToken;
  const clear = deps.clearSession ?? clearSession;

  const signOut = () => {
    clear();
    store.setState((s) => ({ ...INITIAL_AUTH_STATE, authChecked: true, notice: s.notice }));
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async checkSession() {
      if (!getToken()) {
        store.setState({ loading: false, authChecked: true, loggedIn: false });
        return;
      }
      store.setState({ loading: true });
      try {
        const valid = await deps.authcheck();
        if (valid) {
          store.setState({ loading: false, authChecked: true, loggedIn: true });
        } else {
          // A stored login token the server no longer knows: 'No Cognito User Session Found' (document 2, section 8).
          signOut();
          store.setState({ notice: 'noCognitoSession' });
        }
      } catch {
        // The server could not answer (network or 5xx after retries). The token is kept so that a
        // reload can recover the session, but the user is treated as signed out for now.
        store.setState({ loading: false, authChecked: true, loggedIn: false });
      }
    },
    setLoggedIn(userInfo) {
      store.setState((s) => ({
        loggedIn: true,
        authChecked: true,
        loading: false,
        auth2FAType: null,
        userInfo: userInfo === undefined ? s.userInfo : userInfo,
      }));
    },
    setUserInfo(userInfo) {
      store.setState({ userInfo });
    },
    setAuth2FAType(auth2FAType) {
      store.setState({ auth2FAType });
    },
    setAccountFrozen(accountFrozen) {
      store.setState({ accountFrozen });
    },
    signOut,
    endSession(notice) {
      signOut();
      store.setState({ notice });
    },
    clearNotice() {
      store.setState({ notice: null });
    },
    async logOut() {
      let told = true;
      try {
        if (getToken()) await deps.signOutRemote?.();
      } catch (error) {
        // 'error signing out' (document 2, section 8): the caller says it; the local session ends anyway.
        console.debug('[auth] error signing out', error);
        told = false;
      }
      signOut();
      store.setState({ notice: null });
      return told;
    },
  };
}

const AuthStoreContext = createContext<AuthStore | null>(null);

export function AuthStoreProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return createElement(AuthStoreContext.Provider, { value: store }, children);
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore must be used inside <AuthStoreProvider>');
  return store;
}

export function useAuthState(): AuthState {
  return useStoreState(useAuthStore());
}

/** One value of the auth state: re-renders only when it changes (decision 043). */
export function useAuthValue<T>(select: (state: AuthState) => T): T {
  return useStoreValue(useAuthStore(), select);
}
