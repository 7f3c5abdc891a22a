import { base32nopad, type BytesCoder } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/*
 * The checksum schemes the address rules share. Encodings (base58 alphabets, base32, bech32/bech32m)
 * come from @scure/base and hashes from @noble/hashes, both audited and browser-safe; what is written
 * here is only how each network glues them together, which no small library offers on its own.
 */

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function tryDecode(coder: BytesCoder, value: string): Uint8Array | undefined {
  try {
    return coder.decode(value);
  } catch {
    return undefined;
  }
}

/**
 * Base58Check (Bitcoin, Qtum, Tezos, XRPL): the payload then the first 4 bytes of sha256(sha256(payload)).
 * The alphabet is a parameter because the XRPL uses its own. Returns the payload, or undefined.
 */
export function decodeBase58Check(coder: BytesCoder, value: string): Uint8Array | undefined {
  const bytes = tryDecode(coder, value);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return equalBytes(checksum, bytes.subarray(bytes.length - 4)) ? payload : undefined;
}

export function encodeBase58Check(coder: BytesCoder, payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const bytes = new Uint8Array(payload.length + 4);
  bytes.set(payload);
  bytes.set(checksum, payload.length);
  return coder.encode(bytes);
}

export function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

export function decodeBase58(coder: BytesCoder, value: string): Uint8Array | undefined {
  return tryDecode(coder, value);
}

const asciiBytes = (value: string): Uint8Array => Uint8Array.from(value, (char) => char.charCodeAt(0));

/**
 * EIP-55: a hex letter is upper case exactly when the matching nibble of keccak256 of the
 * lower-case hex (without 0x) is 8 or more. Takes the 40 hex digits, returns 0x + checksummed digits.
 */
export function toEip55(digits: string): string {
  const lower = digits.toLowerCase();
  const hash = keccak_256(asciiBytes(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lower.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * An EVM address (0x + 40 hex). All-lower and all-upper digits carry no checksum and pass; mixed case
 * must be the EIP-55 form. Returns the checksummed address or undefined.
 */
export function checkEvmAddress(value: string): string | undefined {
  if (!EVM_SHAPE.test(value)) return undefined;
  const digits = value.slice(2);
  const checksummed = toEip55(digits);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return checksummed;
  return checksummed === value ? checksummed : undefined;
}

/** CRC16-XModem (polynomial 0x1021, initial 0), as Stellar's StrKey appends it little-endian. */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** Stellar StrKey version byte of an ed25519 public key ('G'): 6 << 3. DigitalBits uses the same. */
const STRKEY_ED25519_PUBLIC = 6 << 3;
const STRKEY_SHAPE = /^G[A-Z2-7]{55}$/;

/** A StrKey account id: base32 of version byte + 32-byte key + CRC16-XModem (little-endian). */
export function isStrKeyAccount(value: string): boolean {
  if (!STRKEY_SHAPE.test(value)) return false;
  const bytes = tryDecode(base32nopad, value);
  if (!bytes || bytes.length !== 35 || bytes[0] !== STRKEY_ED25519_PUBLIC) return false;
  const crc = crc16Xmodem(bytes.subarray(0, 33));
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

export function encodeStrKeyAccount(key: Uint8Array): string {
  const bytes = new Uint8Array(35);
  bytes[0] = STRKEY_ED25519_PUBLIC;
  bytes.set(key, 1);
  const crc = crc16Xmodem(bytes.subarray(0, 33));
  bytes[33] = crc & 0xff;
  bytes[34] = crc >> 8;
  return base32nopad.encode(bytes);
}

const SS58_CONTEXT = asciiBytes('SS58PRE');

function ss58Checksum(prefixAndKey: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58_CONTEXT.length + prefixAndKey.length);
  input.set(SS58_CONTEXT);
  input.set(prefixAndKey, SS58_CONTEXT.length);
  return blake2b(input, { dkLen: 64 }).subarray(0, 2);
}

/**
 * SS58 (Substrate, Polymesh) for a one-byte network prefix (0..63) and a 32-byte account id:
 * base58 of prefix + id + the first 2 bytes of blake2b-512('SS58PRE' + prefix + id).
 */
export function decodeSs58(coder: BytesCoder, value: string, prefix: number): Uint8Array | undefined {
  const bytes = tryDecode(coder, value);
  if (!bytes || bytes.length !== 35 || bytes[0] !== prefix) return undefined;
  const body = bytes.subarray(0, 33);
  return equalBytes(ss58Checksum(body), bytes.subarray(33)) ? bytes.subarray(1, 33) : undefined;
}

export function encodeSs58(coder: BytesCoder, key: Uint8Array, prefix: number): string {
  const bytes = new Uint8Array(35);
  bytes[0] = prefix;
  bytes.set(key, 1);
  bytes.set(ss58Checksum(bytes.subarray(0, 33)), 33);
  return coder.encode(bytes);
}
