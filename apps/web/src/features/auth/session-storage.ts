/**
 * The login session lives in localStorage. The sign-in issue stores the login response key by key
 * (document 2, section 7: /auth-token-login-request); every key it writes must be listed here so
 * that sign-out clears all of them.
 */
export const SESSION_KEYS = {
  token: 'token',
  userGuid: 'userGuid',
} as const;

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

export function writeSession(values: Partial<Record<keyof typeof SESSION_KEYS, string>>): void {
  const s = storage();
  if (!s) return;
  for (const [name, value] of Object.entries(values)) {
    const key = SESSION_KEYS[name as keyof typeof SESSION_KEYS];
    if (key && value !== undefined) s.setItem(key, value);
  }
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of ALL_SESSION_KEYS) s.removeItem(key);
}
