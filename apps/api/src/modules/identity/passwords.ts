import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLengthProblem, type IdentityMessageKey } from '@rampart/contracts';

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

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500 that tells the two apart.
    return false;
  }
}

/**
 * R3: the most common passwords are refused. The list is zxcvbn-ts's maintained common-password dictionary
 * (about 49,000 entries from public breach corpora), compared case-insensitively because 'Password1' is as
 * guessable as 'password1'.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** R3: at least 8 characters, up to 256, and not a common password. */
export function passwordProblem(password: string): IdentityMessageKey | undefined {
  return passwordLengthProblem(password) ?? (isCommonPassword(password) ? 'passwordTooCommon' : undefined);
}
