import { createHash } from 'node:crypto';

/** Continue-on-phone link tokens are stored only as their SHA-256: a database read never yields a usable link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
