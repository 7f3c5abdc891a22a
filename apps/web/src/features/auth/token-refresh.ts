import type { LoginTokenResponse } from '@rampart/contracts';
import { isApiError } from '../../lib/api';
import { needsRefresh, TOKEN_REFRESH_THRESHOLD_MS, tokenExpiresAt } from './model';
import { readSessionValue, readToken, writeSession } from '../../lib/session/session-storage';

export interface TokenProviderDeps {
  /** POST /identity/refresh: the new id token, and the refresh token that replaces the one sent (decision 050). */
  refresh(refreshToken: string): Promise<{ idToken: string; refreshToken: string }>;
  /** POST /auth-token-login-request with that id token. */
  exchange(idToken: string): Promise<LoginTokenResponse>;
  /**
   * The login token has run out and there is no pool session to renew it from (no refresh token, or the pool refused
   * it): the session is over ('No user session in AWS Auth', document 2, section 8).
   */
  onSessionLost?: () => void;
  now?: () => number;
  thresholdMs?: number;
}

/**
 * What the login response stores key by key (document 1, section 3). A reply without an expiry is stored with the
 * fallback lifetime's (R11): the token is renewed before it runs out instead of being sent forever.
 */
export function loginResponseEntries(
  reply: LoginTokenResponse,
  now: number = Date.now(),
): Record<string, string | number> {
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

  /** A token still valid for a while is sent; one that has run out, with nothing to renew it, ends the session. */
  function withoutRenewal(): string | null {
    const token = readToken();
    const expiresAt = Date.parse(readSessionValue('expiresAt') ?? '');
    if (Number.isNaN(expiresAt) || expiresAt > now()) return token;
    deps.onSessionLost?.();
    return null;
  }

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
      // The pool refused the refresh token (revoked, expired): no session to renew from.
      if (isApiError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
        return withoutRenewal();
      return readToken();
    }
  }

  return async () => {
    const token = readToken();
    if (!token) return null;
    if (!needsRefresh(readSessionValue('expiresAt'), now(), threshold)) return token;
    const refreshToken = readSessionValue('refreshToken');
    if (!refreshToken) return withoutRenewal();
    pending ??= renew(refreshToken).finally(() => {
      pending = null;
    });
    return pending;
  };
}
