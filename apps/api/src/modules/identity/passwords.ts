import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { newPasswordProblem, type IdentityMessageKey } from '@rampart/contracts';

/**
 * Argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1). Each hash takes about 50 ms on a core, which is
 * what bounds sign-in throughput (docs/benchmarks.md).
 */
export const ARGON2_OPTIONS = {
  // Algorithm is a const enum in the package's types; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords are compared in Unicode's NFKC form (decision 050): 'é' typed as one character or as 'e' and an accent,
 * or letters from a full-width keyboard, are the same password wherever it is typed.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

async function matches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500 that tells the two apart.
    return false;
  }
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  if (await matches(passwordHash, normalized)) return true;
  // A hash made before passwords were normalised holds the password as it was typed then.
  return normalized !== password && matches(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * The work verifyPassword does, for a sign-in whose email has no account (decision 050): one Argon2id check with the
 * same parameters (two when verifyPassword would make two) against a hash of a random password made once, so the
 * reply takes as long as a wrong password's.
 */
export async function verifyNoPassword(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  const against = await dummyHash;
  const normalized = normalizePassword(password);
  await matches(against, normalized);
  // A wrong password that normalising changed is checked twice (as typed too): so is this one.
  if (normalized !== password) await matches(against, password);
}

/**
 * R3: the most common passwords are refused. The list is zxcvbn-ts's maintained common-password dictionary
 * (about 49,000 entries from public breach corpora), compared case-insensitively because 'Password1' is as
 * guessable as 'password1'.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(normalizePassword(password).toLowerCase());
}

/**
 * R3: at least 8 characters, up to 256, and not a common password; nor only blanks (the rule the SPA checks too,
 * docs/decisions/105-mail-on-second-factor-change.md). The password is checked as typed, never trimmed.
 */
export function passwordProblem(password: string): IdentityMessageKey | undefined {
  return newPasswordProblem(password) ?? (isCommonPassword(password) ? 'passwordTooCommon' : undefined);
}
