import type { LoginTokenResponse } from '@rampart/contracts';
import { needsRefresh, TOKEN_REFRESH_THRESHOLD_MS, tokenExpiresAt } from './model';
import { readSessionValue, readToken, writeSession } from './session-storage';

export interface TokenProviderDeps {
  /** POST /identity/refresh: the new id token, and the refresh token that replaces the one sent (decision 050). */
  refresh(refreshToken: string): Promise<{ idToken: string; refreshToken: string }>;
  /** POST /auth-token-login-request with that id token. */
  exchange(idToken: string): Promise<LoginTokenResponse>;
  now?: () => number;
  thresholdMs?: number;
}

/**
 * What the login response stores key by key (document 1, section 3). A reply without an expiry is stored with the
 * fallback lifetime's (R11): the token is renewed before it runs out instead of being sent forever.
 */
export function loginResponseEntries(reply: LoginTokenResponse, now: number = Date.now()): Record<string, string | number> {
  const expiresAt = tokenExpiresAt(reply, now);
  return {
    token: reply.token,
    userGuid: reply.userGuid,
    email: reply.email,
    tokenType: reply.tokenType,
    expiresAt,
    expiresIn: typeof reply.expiresIn === 'number' ? reply.expiresIn : Math.round((Date.parse(expiresAt) - now) / 1000),
    loginMethod: reply.loginMethod,
  };
}

/**
 * The API client's getToken (document 1, section 4: "if the login token is within 2 minutes of expiring,
 * the session is refreshed before an API call"). Concurrent calls share one refresh, and the refresh token it
 * rotated to replaces the stored one. When the refresh fails
 * the current token is still sent: the server's 401 and the session check then sign the user out.
 */
export function createTokenProvider(deps: TokenProviderDeps): () => Promise<string | null> {
  const now = deps.now ?? Date.now;
  const threshold = deps.thresholdMs ?? TOKEN_REFRESH_THRESHOLD_MS;
  let pending: Promise<string | null> | null = null;

  async function renew(refreshToken: string): Promise<string | null> {
    try {
      const renewed = await deps.refresh(refreshToken);
      // Stored at once: the one sent is spent, and another tab refreshing next must send this one. A tab that read
      // the spent one a moment earlier is within the server's grace (decision 050).
      writeSession({ refreshToken: renewed.refreshToken });
      const reply = await deps.exchange(renewed.idToken);
      writeSession(loginResponseEntries(reply, now()));
      return reply.token;
    } catch (error) {
      console.debug('[auth] the session could not be refreshed', error);
      return readToken();
    }
  }

  return async () => {
    const token = readToken();
    if (!token) return null;
    if (!needsRefresh(readSessionValue('expiresAt'), now(), threshold)) return token;
    const refreshToken = readSessionValue('refreshToken');
    if (!refreshToken) return token;
    pending ??= renew(refreshToken).finally(() => {
      pending = null;
    });
    return pending;
  };
}
