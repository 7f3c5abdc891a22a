/* Where a flow returns to when it is done: the sign-in flow and the methods screens read the same `redirect` query. */

export const DEFAULT_REDIRECT = '/';

/**
 * The `redirect` query, made safe: only a path of this origin ('/kyc?x=1'), never another site
 * ('//evil.example', '/\\evil.example', 'https://…'), never back into the auth pages; '/' otherwise.
 */
export function sanitizeRedirect(value: string | null | undefined): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return DEFAULT_REDIRECT;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_REDIRECT;
  // Control characters and backslashes can turn into another host in some browsers' URL parsing.
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return DEFAULT_REDIRECT;
  try {
    const base = 'https://rampart.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_REDIRECT;
    if (url.pathname === '/auth' || url.pathname.startsWith('/v1/auth')) return DEFAULT_REDIRECT;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_REDIRECT;
  }
}
