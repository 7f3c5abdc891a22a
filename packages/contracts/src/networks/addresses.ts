import { base58, base58xrp, bech32, bech32m } from '@scure/base';
import { formatRuleMessage, type RuleCode, type RuleLang, type RuleParams } from '../rules/messages';
import { ruleFailure, type Rule, type RuleFailure } from '../rules/rule';
import {
  checkEvmAddress,
  decodeBase58,
  decodeBase58Check,
  decodeSs58,
  isStrKeyAccount,
  startsWithBytes,
} from './codecs';
import { isAddressNetwork, type AddressNetwork } from './address-networks';

/*
 * R9: every destination address is checked for its network, shape and checksum, before any quote.
 * Document 2, section 5 gives the minimum shapes; the checksum of each network's standard is added.
 * Pure and zod-free so the SPA can load it lazily and the API runs the same check (decision 021).
 */

export { ADDRESS_NETWORKS, isAddressNetwork, type AddressNetwork } from './address-networks';

/** Returns the address in its canonical form (what is stored and delivered to), or undefined. */
type AddressCheck = (address: string) => string | undefined;

export interface NetworkAddressRule {
  /**
   * The message code: 'address' ('Value is not a valid {{kind}} address') with the network's name as
   * `kind`; Ethereum and BNB keep the codes their rules already had (ethAddress, bnbAddress).
   */
  readonly code: RuleCode;
  /** The network's name in messages; a proper noun, the same in every language. */
  readonly kind: string;
  /** What the rule accepts, for documentation and the SPA's hint. */
  readonly description: string;
  readonly check: AddressCheck;
}

const BASE58_CHARS = '[1-9A-HJ-NP-Za-km-z]';

function bech32Bytes(value: string, prefix: string, variant: typeof bech32 | typeof bech32m): Uint8Array | undefined {
  const decoded = variant.decodeUnsafe(value);
  if (!decoded || decoded.prefix !== prefix) return undefined;
  return variant.fromWordsUnsafe(decoded.words) ?? undefined;
}

/**
 * Bitcoin mainnet: P2PKH (1..., version 0x00) and P2SH (3..., 0x05) in Base58Check; segwit v0 (bc1q...,
 * bech32, 20 or 32-byte program, BIP 173) and taproot (bc1p..., bech32m, 32 bytes, BIP 350). Witness
 * versions 2 to 16 are valid encodings but nothing spends them yet, so coins sent there are lost: refused.
 */
const bitcoin: AddressCheck = (value) => {
  if (/^[13]/.test(value)) {
    const payload = decodeBase58Check(base58, value);
    if (!payload || payload.length !== 21 || (payload[0] !== 0x00 && payload[0] !== 0x05)) return undefined;
    return value;
  }
  if (!/^bc1/i.test(value)) return undefined;
  const lower = value.toLowerCase();
  // The two checksums use different constants, so a string passes at most one of them.
  const segwit = bech32.decodeUnsafe(value);
  if (segwit) {
    if (segwit.prefix !== 'bc' || segwit.words[0] !== 0) return undefined;
    const program = bech32.fromWordsUnsafe(segwit.words.slice(1));
    return program && (program.length === 20 || program.length === 32) ? lower : undefined;
  }
  const taproot = bech32m.decodeUnsafe(value);
  if (!taproot || taproot.prefix !== 'bc' || taproot.words[0] !== 1) return undefined;
  const program = bech32m.fromWordsUnsafe(taproot.words.slice(1));
  return program && program.length === 32 ? lower : undefined;
};

/** Ethereum, Avalanche C-Chain, Polygon, VeChain: 0x + 40 hex, EIP-55 when the case is mixed. */
const evm: AddressCheck = (value) => checkEvmAddress(value);

/** Harmony: its bech32 form (one1..., 20 bytes) or the same account as 0x hex. */
const harmony: AddressCheck = (value) => {
  if (value.startsWith('0x')) return checkEvmAddress(value);
  const bytes = bech32Bytes(value, 'one', bech32);
  return bytes?.length === 20 ? value.toLowerCase() : undefined;
};

const BNB_SHAPE = /^bnb1/i;
/** BNB Beacon Chain: bech32 'bnb' over a 20-byte account id. */
const binancechain: AddressCheck = (value) => {
  if (!BNB_SHAPE.test(value)) return undefined;
  const bytes = bech32Bytes(value, 'bnb', bech32);
  return bytes?.length === 20 ? value.toLowerCase() : undefined;
};

/** Polymesh's SS58 network prefix. */
export const POLYMESH_SS58_PREFIX = 12;
const HEX_32 = /^0x[0-9a-fA-F]{64}$/;
/**
 * Polymesh: document 2 gives '0x + 64 hex' (the raw 32-byte account id, which has no checksum); wallets
 * show the SS58 form with prefix 12 and its blake2b checksum. Both name the same account; both pass.
 */
const polymesh: AddressCheck = (value) => {
  if (HEX_32.test(value)) return value.toLowerCase();
  if (!new RegExp(`^${BASE58_CHARS}{46,48}$`).test(value)) return undefined;
  return decodeSs58(base58, value, POLYMESH_SS58_PREFIX) ? value : undefined;
};

const XRPL_SHAPE = new RegExp(`^r${BASE58_CHARS}{24,34}$`);
/**
 * R9: r then 24 to 34 base58 characters (the XRPL alphabet) with a valid Base58Check checksum over
 * the 0x00 type byte and a 20-byte account id. X-addresses are refused (decision 021): the tag is its own field.
 */
const xrpl: AddressCheck = (value) => {
  if (!XRPL_SHAPE.test(value)) return undefined;
  const payload = decodeBase58Check(base58xrp, value);
  return payload && payload.length === 21 && payload[0] === 0x00 ? value : undefined;
};

/** Chia: bech32m with prefix xch over a 32-byte puzzle hash (xch1 + 58 characters). */
const chia: AddressCheck = (value) => {
  if (!/^xch1/i.test(value)) return undefined;
  const bytes = bech32Bytes(value, 'xch', bech32m);
  return bytes?.length === 32 ? value.toLowerCase() : undefined;
};

/** Stellar and DigitalBits: StrKey account id (G + 55 base32), CRC16-XModem checksum. */
const strKey: AddressCheck = (value) => (isStrKeyAccount(value) ? value : undefined);

/** Tezos implicit accounts: tz1 (ed25519), tz2 (secp256k1), tz3 (p256), tz4 (BLS), Base58Check of 20 bytes. */
const TEZOS_PREFIXES: readonly (readonly number[])[] = [
  [6, 161, 159],
  [6, 161, 161],
  [6, 161, 164],
  [6, 161, 166],
];
const TEZOS_SHAPE = new RegExp(`^tz[1-4]${BASE58_CHARS}{33}$`);
/**
 * Document 2: 'tz' + 34 characters, so only implicit accounts; KT1 contracts do not match that shape
 * and are refused (decision 021).
 */
const tezos: AddressCheck = (value) => {
  if (!TEZOS_SHAPE.test(value)) return undefined;
  const payload = decodeBase58Check(base58, value);
  if (!payload || payload.length !== 23) return undefined;
  return TEZOS_PREFIXES.some((prefix) => startsWithBytes(payload, prefix)) ? value : undefined;
};

const SOLANA_SHAPE = new RegExp(`^${BASE58_CHARS}{32,44}$`);
/** Solana: base58 of a 32-byte public key (no checksum is defined; program-derived addresses are valid too). */
const solana: AddressCheck = (value) => {
  if (!SOLANA_SHAPE.test(value)) return undefined;
  return decodeBase58(base58, value)?.length === 32 ? value : undefined;
};

const ICON_SHAPE = /^hx[0-9a-fA-F]{40}$/;
/** ICON: hx + 40 hex (a wallet; cx contract addresses are refused). No checksum is defined. */
const icon: AddressCheck = (value) => (ICON_SHAPE.test(value) ? value.toLowerCase() : undefined);

/** Qtum mainnet: Base58Check, P2PKH version 0x3a (Q...) and P2SH 0x32 (M...). */
const qtum: AddressCheck = (value) => {
  if (!/^[QM]/.test(value)) return undefined;
  const payload = decodeBase58Check(base58, value);
  return payload && payload.length === 21 && (payload[0] === 0x3a || payload[0] === 0x32) ? value : undefined;
};

export const NETWORK_ADDRESS_RULES: { readonly [N in AddressNetwork]: NetworkAddressRule } = {
  stellar: {
    code: 'address',
    kind: 'Stellar',
    description: 'StrKey account id: G + 55 base32, CRC16 checksum',
    check: strKey,
  },
  solana: { code: 'address', kind: 'Solana', description: 'base58 of 32 bytes', check: solana },
  avalanche: {
    code: 'address',
    kind: 'Avalanche C-Chain',
    description: '0x + 40 hex, EIP-55 when mixed case',
    check: evm,
  },
  ethereum: { code: 'ethAddress', kind: 'Ethereum', description: '0x + 40 hex, EIP-55 when mixed case', check: evm },
  xrpl: { code: 'address', kind: 'XRPL', description: 'r + 24 to 34 base58, Base58Check checksum', check: xrpl },
  vechain: { code: 'address', kind: 'VeChain', description: '0x + 40 hex, EIP-55 when mixed case', check: evm },
  harmony: { code: 'address', kind: 'Harmony', description: 'one1 bech32 (20 bytes) or 0x + 40 hex', check: harmony },
  icon: { code: 'address', kind: 'ICON', description: 'hx + 40 hex', check: icon },
  chia: { code: 'address', kind: 'Chia', description: 'xch1 bech32m of a 32-byte puzzle hash', check: chia },
  polymesh: { code: 'address', kind: 'Polymesh', description: 'SS58 prefix 12, or 0x + 64 hex', check: polymesh },
  binancechain: { code: 'bnbAddress', kind: 'BNB', description: 'bnb1 bech32 (20 bytes)', check: binancechain },
  tezos: { code: 'address', kind: 'Tezos', description: 'tz1/tz2/tz3/tz4 Base58Check', check: tezos },
  qtum: { code: 'address', kind: 'Qtum', description: 'Base58Check, Q or M', check: qtum },
  bitcoin: { code: 'address', kind: 'Bitcoin', description: 'P2PKH, P2SH, bech32 v0, bech32m taproot', check: bitcoin },
  digitalbits: { code: 'address', kind: 'DigitalBits', description: 'StrKey account id: G + 55 base32', check: strKey },
  polygon: { code: 'address', kind: 'Polygon', description: '0x + 40 hex, EIP-55 when mixed case', check: evm },
};

/**
 * No address of these networks is longer than 90 characters (a bech32 string's limit); anything much longer is
 * refused before decoding, since base58 decoding costs the square of the length.
 */
export const MAX_ADDRESS_LENGTH = 128;

function checkAddress(network: AddressNetwork, address: string): string | undefined {
  const trimmed = address.trim();
  return trimmed.length > MAX_ADDRESS_LENGTH ? undefined : NETWORK_ADDRESS_RULES[network].check(trimmed);
}

export type AddressValidation =
  | { readonly ok: true; readonly normalized: string }
  | { readonly ok: false; readonly code: RuleCode; readonly message: string; readonly params?: RuleParams };

/**
 * The one entry point: is `address` a valid destination on `network`? Surrounding white space (a
 * paste) is ignored; `normalized` is the canonical form to store and deliver to (EIP-55 for 0x
 * addresses, lower case for bech32 and hex ones, unchanged for case-sensitive encodings).
 */
export function validateAddress(network: string, address: unknown, lang: RuleLang = 'en'): AddressValidation {
  if (!isAddressNetwork(network)) {
    return { ok: false, code: 'network', message: formatRuleMessage('network', {}, lang) };
  }
  if (typeof address !== 'string') return { ok: false, code: 'string', message: formatRuleMessage('string', {}, lang) };
  const normalized = checkAddress(network, address);
  if (normalized !== undefined) return { ok: true, normalized };
  const { code, params } = addressFailure(network);
  return params === undefined
    ? { ok: false, code, message: formatRuleMessage(code, {}, lang) }
    : { ok: false, code, message: formatRuleMessage(code, params, lang), params };
}

function addressFailure(network: AddressNetwork): RuleFailure {
  const { code, kind } = NETWORK_ADDRESS_RULES[network];
  return code === 'address' ? ruleFailure(code, { kind }) : ruleFailure(code);
}

/** The same check as an R12 rule, for forms and the generic rule runner. */
export function addressRule(network: AddressNetwork): Rule {
  const failure = addressFailure(network);
  return (value) => {
    if (typeof value !== 'string') return ruleFailure('string');
    return checkAddress(network, value) === undefined ? failure : undefined;
  };
}
