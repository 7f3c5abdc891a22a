import { createHash, randomBytes } from 'node:crypto';

/** A withdrawal's emailed token: 32 random bytes; only its SHA-256 is stored (as for the continue-on-phone links). */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * What the idempotency record keeps of an account number or IBAN: a SHA-256 bound to the user, enough to tell
 * "the same request again" from "another request", without the number in the clear.
 */
export function fingerprint(userGuid: string, value: string): string {
  return createHash('sha256').update(`${userGuid}:${value}`, 'utf8').digest('hex');
}
