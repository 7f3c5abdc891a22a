import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
const ISSUER = 'Rampart';

export function newTotpSecret(): string {
  // 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, email: string): string {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secretBase32), period: PERIOD }).toString();
}

/**
 * The time step a code belongs to, within one step of clock drift either way, or null. The caller stores
 * the step it accepts and refuses any step not newer, so a code works once (RFC 6238, section 5.2).
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const secret = Secret.fromBase32(secretBase32);
  const delta = TOTP.validate({ token: code, secret, period: PERIOD, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now.getTime() }) + delta;
}

/** Whole seconds (at least 1) until the authenticator shows a code of a step later than `step`. */
export function secondsUntilAfterStep(step: number, now: Date): number {
  return Math.max(1, Math.ceil(((step + 1) * PERIOD * 1000 - now.getTime()) / 1000));
}

/** For tests and tools: the code of a moment. */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), period: PERIOD, timestamp: at.getTime() });
}
