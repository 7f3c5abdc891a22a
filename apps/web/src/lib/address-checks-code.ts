/**
 * The address and memo checks (with their base58, bech32 and hash code), in a module that lib/address-checks.ts
 * imports on demand: a named re-export, so only these checks and what they use land in its chunk.
 */
export { validateAddress, validateMemo } from '@rampart/contracts';
