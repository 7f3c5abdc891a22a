import { bech32 } from '@scure/base';
import { checkEvmAddress } from '../networks/codecs';
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

/**
 * Document 2: 42 characters (0x and 40 hex); R9 adds the EIP-55 checksum when the case is mixed. The one EIP-55
 * check is the address codecs' (networks/codecs.ts), so the rule and the destination-address check cannot drift.
 */
export const ethAddress: Rule = stringRule('ethAddress', (v) => checkEvmAddress(v) !== undefined);

/** BNB Beacon Chain: bech32 with human-readable part 'bnb' over a 20-byte account id (R9 checksum). */
export const bnbAddress: Rule = stringRule('bnbAddress', (v) => {
  const decoded = bech32.decodeUnsafe(v);
  if (!decoded || decoded.prefix !== 'bnb') return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  return bytes !== undefined && bytes.length === 20;
});
