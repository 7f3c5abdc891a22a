import { bech32 } from 'bech32';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { stringRule, ruleFailure, type Rule } from './rule';

// A 0x prefix is optional: hex is written both ways and the digits are what matter.
const HEX = /^(?:0[xX])?([0-9a-fA-F]+)$/;

export const hex: Rule = stringRule('hex', (v) => HEX.test(v));

/** Exactly n bytes of hex (2n digits); a value that is not hex at all gets the plain hex message. */
export function hexBytes(n: number): Rule {
  const wrongSize = ruleFailure('hexBytes', { n });
  return (value) => {
    if (typeof value !== 'string') return ruleFailure('string');
    const digits = HEX.exec(value)?.[1];
    if (digits === undefined) return ruleFailure('hex');
    return digits.length === 2 * n ? undefined : wrongSize;
  };
}

const ETH_SHAPE = /^0x[0-9a-fA-F]{40}$/;

function asciiBytes(value: string): Uint8Array {
  return Uint8Array.from(value, (char) => char.charCodeAt(0));
}

/**
 * R9: EIP-55. A hex letter is upper case exactly when the matching nibble of keccak256 of the
 * lower-case address is 8 or more. All-lower and all-upper addresses carry no checksum.
 */
function hasValidEip55Checksum(address: string): boolean {
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = keccak_256(asciiBytes(body.toLowerCase()));
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i);
    if (!/[a-fA-F]/.test(char)) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if ((nibble >= 8) !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/** Document 2: 42 characters (0x and 40 hex); R9 adds the EIP-55 checksum when the case is mixed. */
export const ethAddress: Rule = stringRule('ethAddress', (v) => ETH_SHAPE.test(v) && hasValidEip55Checksum(v));

/** BNB Beacon Chain: bech32 with human-readable part 'bnb' over a 20-byte account id (R9 checksum). */
export const bnbAddress: Rule = stringRule('bnbAddress', (v) => {
  const decoded = bech32.decodeUnsafe(v);
  if (!decoded || decoded.prefix !== 'bnb') return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  return bytes !== undefined && bytes.length === 20;
});
