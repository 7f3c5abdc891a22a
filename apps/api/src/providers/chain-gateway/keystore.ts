import { createDecipheriv, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak256, type Hex } from 'viem';

/**
 * Web3 Secret Storage v3 (the JSON keystore geth, MetaMask and ethers write): scrypt or PBKDF2 from @noble/hashes,
 * AES-128-CTR from node:crypto, the MAC by viem's keccak-256 (docs/decisions/090-evm-hot-wallet-keystore.md).
 * Synchronous: the configuration is read synchronously, once, at the start (a second or two for geth's scrypt cost).
 */

/** Why a keystore could not be opened; the caller names its variable. Never holds the password nor the key. */
export class KeystoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeystoreError';
  }
}

/** The largest scrypt cost accepted (geth's standard is 2^18): a file cannot make the start take unbounded memory. */
const MAX_SCRYPT_N = 2 ** 20;
const MAX_PBKDF2_C = 10_000_000;
const HEX = /^(0x)?([0-9a-fA-F]{2})*$/;

function hexBytes(value: unknown, what: string, length?: number): Buffer {
  if (typeof value !== 'string' || !HEX.test(value)) throw new KeystoreError(`${what} is not hexadecimal`);
  const bytes = Buffer.from(value.replace(/^0x/, ''), 'hex');
  if (length !== undefined && bytes.length !== length) throw new KeystoreError(`${what} is not ${length} bytes`);
  return bytes;
}

function whole(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new KeystoreError(`${what} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KeystoreError(`${what} is missing`);
  }
  return value as Record<string, unknown>;
}

/** The derived key of a keystore's `kdf` and `kdfparams`. */
function derive(crypto: Record<string, unknown>, password: Buffer): Buffer {
  const params = record(crypto.kdfparams, 'kdfparams');
  const dklen = whole(params.dklen, 'kdfparams.dklen', 32, 64);
  const salt = hexBytes(params.salt, 'kdfparams.salt');
  if (crypto.kdf === 'scrypt') {
    const N = whole(params.n, 'kdfparams.n', 2, MAX_SCRYPT_N);
    if ((N & (N - 1)) !== 0) throw new KeystoreError('kdfparams.n must be a power of two');
    const r = whole(params.r, 'kdfparams.r', 1, 64);
    const p = whole(params.p, 'kdfparams.p', 1, 64);
    // Not node:crypto's scrypt: OpenSSL refuses N >= 2^(16 r), so r = 1 files (the standard's own example) would fail.
    return Buffer.from(scrypt(password, salt, { N, r, p, dkLen: dklen, maxmem: 256 * N * r + 2 ** 26 }));
  }
  if (crypto.kdf === 'pbkdf2') {
    if (params.prf !== 'hmac-sha256') throw new KeystoreError('kdfparams.prf must be hmac-sha256');
    return Buffer.from(
      pbkdf2(sha256, password, salt, { c: whole(params.c, 'kdfparams.c', 1, MAX_PBKDF2_C), dkLen: dklen }),
    );
  }
  throw new KeystoreError('kdf must be scrypt or pbkdf2');
}

/**
 * The private key in a v3 keystore's JSON text. The MAC (keccak-256 of the derived key's second 16 bytes and the
 * ciphertext) is checked before anything is decrypted: a wrong password and a damaged file both fail here.
 */
export function decryptKeystore(json: string, password: string): Hex {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new KeystoreError('the file is not JSON');
  }
  const file = record(parsed, 'the keystore');
  if (file.version !== 3) throw new KeystoreError('the keystore is not version 3');
  // geth writes "crypto", some older tools "Crypto".
  const crypto = record(file.crypto ?? file.Crypto, 'crypto');
  if (crypto.cipher !== 'aes-128-ctr') throw new KeystoreError('cipher must be aes-128-ctr');
  const iv = hexBytes(record(crypto.cipherparams, 'cipherparams').iv, 'cipherparams.iv', 16);
  const ciphertext = hexBytes(crypto.ciphertext, 'ciphertext', 32);
  const mac = hexBytes(crypto.mac, 'mac', 32);
  const derived = derive(crypto, Buffer.from(password.normalize('NFKC'), 'utf8'));
  const expected = Buffer.from(keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2), 'hex');
  if (!timingSafeEqual(expected, mac)) throw new KeystoreError('the password is wrong or the file is damaged');
  const decipher = createDecipheriv('aes-128-ctr', derived.subarray(0, 16), iv);
  const key = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  return `0x${key.toString('hex')}`;
}

/**
 * The password of `EVM_<NETWORK>_HOT_WALLET_KEYSTORE`: `..._PASSWORD`, or the first line of the file named by
 * `..._PASSWORD_FILE` (a secret mounted as a file). Exactly one of them.
 */
export function keystorePassword(env: Record<string, string | undefined>, variable: string): string {
  const direct = env[`${variable}_PASSWORD`];
  const file = env[`${variable}_PASSWORD_FILE`]?.trim() ?? '';
  if (direct !== undefined && direct !== '' && file !== '') {
    throw new KeystoreError(`set ${variable}_PASSWORD or ${variable}_PASSWORD_FILE, not both`);
  }
  if (file !== '') {
    try {
      return readFileSync(file, 'utf8').split(/\r?\n/)[0]!;
    } catch {
      throw new KeystoreError(`${variable}_PASSWORD_FILE cannot be read`);
    }
  }
  if (direct === undefined || direct === '') {
    throw new KeystoreError(`${variable} needs ${variable}_PASSWORD or ${variable}_PASSWORD_FILE`);
  }
  return direct;
}
