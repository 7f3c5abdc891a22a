/**
 * The login session lives in localStorage. The login response of /auth-token-login-request is stored key by
 * key (document 1, section 3; document 2, section 7); every key written is listed here so that sign-out clears
 * all of them. `token` is the API's login token, the bearer of every call. `refreshToken` is the user pool's
 * refresh token, kept to renew the login token before it expires.
 */
export const SESSION_KEYS = {
  token: 'token',
  userGuid: 'userGuid',
  email: 'email',
  tokenType: 'tokenType',
  expiresAt: 'expiresAt',
  expiresIn: 'expiresIn',
  loginMethod: 'loginMethod',
  refreshToken: 'refreshToken',
} as const;
export type SessionKey = keyof typeof SESSION_KEYS;

const ALL_SESSION_KEYS: readonly string[] = Object.values(SESSION_KEYS);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(SESSION_KEYS.token) ?? null;
}

export function readSessionValue(name: SessionKey): string | null {
  return storage()?.getItem(SESSION_KEYS[name]) ?? null;
}

/** Writes the known keys; numbers are stored as their decimal text. Unknown keys are ignored. */
export function writeSession(values: Partial<Record<SessionKey, string | number>>): void {
  const s = storage();
  if (!s) return;
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(SESSION_KEYS, name)) continue;
    const key = SESSION_KEYS[name as SessionKey];
    if (value !== undefined && value !== null) s.setItem(key, String(value));
  }
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of ALL_SESSION_KEYS) s.removeItem(key);
}
