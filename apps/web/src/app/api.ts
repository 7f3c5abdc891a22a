import { createApiClient } from '../lib/api';
import { exchangeLoginToken } from '../features/auth/api/exchange-login-token';
import { refreshSession } from '../features/auth/api/refresh-session';
import { createTokenProvider } from '../features/auth/token-refresh';

let accountFrozenHandler: () => void = () => {};

/** R5: the session wires this to the auth store's account-frozen flag. */
export function setAccountFrozenHandler(handler: () => void): void {
  accountFrozenHandler = handler;
}

let sessionLostHandler: () => void = () => {};

/** The session wires this to the auth store: the login token ran out with no pool session to renew it from. */
export function setSessionLostHandler(handler: () => void): void {
  sessionLostHandler = handler;
}

/**
 * The refresh calls go through a client without a token: they must not wait for the very refresh they
 * perform (the id token and the refresh token are the credentials).
 */
const bareApi = createApiClient({ baseUrl: '/api' });

/** A login token within 2 minutes of expiry is renewed before the call (document 1, section 4). */
export const getToken = createTokenProvider({
  refresh: async (refreshToken) => {
    const { idToken, refreshToken: next } = (await refreshSession(bareApi, refreshToken)).authenticationResult;
    return { idToken, refreshToken: next };
  },
  exchange: (idToken) => exchangeLoginToken(bareApi, idToken),
  onSessionLost: () => sessionLostHandler(),
});

/** The one API client of the SPA (same origin, under /api; docs/design-brief.md, section 1). */
export const api = createApiClient({
  baseUrl: '/api',
  getToken,
  onAccountFrozen: () => accountFrozenHandler(),
});
