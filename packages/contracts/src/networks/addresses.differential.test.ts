import { describe, expect, it } from 'vitest';
import { bech32 as bech32Lib, bech32m as bech32mLib } from '@scure/base';
import bs58check from 'bs58check';
import { Network, validate as validateBitcoin } from 'bitcoin-address-validation';
import { classicAddressToXAddress, encodeAccountID, isValidClassicAddress } from 'ripple-address-codec';
import { StrKey } from '@stellar/stellar-base';
import { PrefixV2, b58Encode, isValidPrefixedValue, validateAddress as validateTezos } from '@taquito/utils';
import { getAddress, isAddress } from 'viem';
import { getAddressDecoder, isAddress as isSolanaAddress } from '@solana/addresses';
import { checkAddress, encodeAddress } from '@polkadot/util-crypto';
import { validateAddress, type AddressNetwork } from './index';

/*
 * Differential tests (decision 021): for every network, addresses are generated locally by a
 * maintained library of that network, then every one of them and a single-character mutation at each
 * position is checked by both that library and validateAddress, which must agree. Where our rule is
 * deliberately narrower than the library (documented in decision 021), the oracle applies the same
 * narrowing explicitly and a separate test shows the library's wider answer.
 */

// A seeded generator, so a failure reproduces; no network access and no clock.
function randomBytes(seed: number): (n: number) => Uint8Array {
  let state = seed >>> 0;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
    }
    return out;
  };
}

const COUNT = 12;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdefABCDEF';

/** Each position replaced by the next character of the encoding's alphabet (or the first, if outside it). */
function mutations(address: string, alphabet: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < address.length; i++) {
    const at = alphabet.indexOf(address.charAt(i));
    const replacement = alphabet.charAt((at + 1) % alphabet.length);
    out.push(address.slice(0, i) + replacement + address.slice(i + 1));
  }
  // A character lost or doubled in a copy.
  out.push(address.slice(0, -1), address + address.charAt(address.length - 1));
  return out;
}

const ok = (network: AddressNetwork, address: string): boolean => validateAddress(network, address).ok;

interface Case {
  readonly network: AddressNetwork;
  readonly generate: (bytes: (n: number) => Uint8Array, i: number) => string;
  readonly oracle: (address: string) => boolean;
  readonly alphabet: string;
  /** Solana defines no checksum: only a wrong length or alphabet is refused. */
  readonly noChecksum?: true;
  /** The canonical form the library gives, when it defines one. */
  readonly normalize?: (address: string) => string;
}

const toHex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
// stellar-base takes Node's Buffer; this package's tests do not load Node's types, so it is reached through globalThis.
type StellarBuffer = Parameters<typeof StrKey.encodeEd25519PublicKey>[0];
const NodeBuffer = (globalThis as unknown as { Buffer: { from(bytes: Uint8Array): StellarBuffer } }).Buffer;
const solanaDecoder = getAddressDecoder();

function withVersion(version: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 1);
  out[0] = version;
  out.set(body, 1);
  return out;
}

// EIP-55 (viem): all-upper digits carry no checksum by the EIP, which viem's strict check does not allow.
const evmOracle = (address: string): boolean =>
  isAddress(address) || (/^0x[0-9A-F]{40}$/.test(address) && isAddress(address.toLowerCase()));

const TEZOS_IMPLICIT = [
  PrefixV2.Ed25519PublicKeyHash,
  PrefixV2.Secp256k1PublicKeyHash,
  PrefixV2.P256PublicKeyHash,
  PrefixV2.BLS12_381PublicKeyHash,
];

const CASES: readonly Case[] = [
  {
    network: 'bitcoin',
    generate: (bytes, i) => {
      switch (i % 5) {
        case 0:
          return bs58check.encode(withVersion(0x00, bytes(20)));
        case 1:
          return bs58check.encode(withVersion(0x05, bytes(20)));
        case 2:
          return bech32Lib.encode('bc', [0, ...bech32Lib.toWords(bytes(20))]);
        case 3:
          return bech32Lib.encode('bc', [0, ...bech32Lib.toWords(bytes(32))]);
        default:
          return bech32mLib.encode('bc', [1, ...bech32mLib.toWords(bytes(32))]);
      }
    },
    oracle: (address) => validateBitcoin(address, Network.mainnet),
    alphabet: BASE58 + BECH32,
  },
  ...(['ethereum', 'avalanche', 'polygon', 'vechain'] as const).map((network): Case => ({
    network,
    generate: (bytes, i) => (i % 3 === 0 ? `0x${toHex(bytes(20))}` : getAddress(`0x${toHex(bytes(20))}`)),
    oracle: evmOracle,
    alphabet: HEX,
    normalize: (address) => getAddress(address),
  })),
  {
    network: 'harmony',
    generate: (bytes, i) =>
      i % 2 === 0 ? bech32Lib.encode('one', bech32Lib.toWords(bytes(20))) : getAddress(`0x${toHex(bytes(20))}`),
    oracle: (address) => {
      if (address.startsWith('0x')) return evmOracle(address);
      const decoded = bech32Lib.decodeUnsafe(address);
      return decoded?.prefix === 'one' && bech32Lib.fromWordsUnsafe(decoded.words)?.length === 20;
    },
    alphabet: BECH32 + HEX,
  },
  {
    network: 'binancechain',
    generate: (bytes) => bech32Lib.encode('bnb', bech32Lib.toWords(bytes(20))),
    oracle: (address) => {
      const decoded = bech32Lib.decodeUnsafe(address);
      return decoded?.prefix === 'bnb' && bech32Lib.fromWordsUnsafe(decoded.words)?.length === 20;
    },
    alphabet: BECH32,
  },
  {
    network: 'polymesh',
    generate: (bytes) => encodeAddress(bytes(32), 12),
    // Polkadot's checker also takes short account indices; Polymesh accounts are 32-byte ids (35 bytes encoded).
    oracle: (address) => checkAddress(address, 12)[0] && address.length >= 46,
    alphabet: BASE58,
  },
  {
    network: 'xrpl',
    generate: (bytes) => encodeAccountID(bytes(20)),
    oracle: (address) => isValidClassicAddress(address),
    alphabet: XRP58,
  },
  {
    network: 'chia',
    generate: (bytes) => bech32mLib.encode('xch', bech32mLib.toWords(bytes(32))),
    oracle: (address) => {
      const decoded = bech32mLib.decodeUnsafe(address);
      return decoded?.prefix === 'xch' && bech32mLib.fromWordsUnsafe(decoded.words)?.length === 32;
    },
    alphabet: BECH32,
  },
  ...(['stellar', 'digitalbits'] as const).map((network): Case => ({
    network,
    generate: (bytes) => StrKey.encodeEd25519PublicKey(NodeBuffer.from(bytes(32))),
    oracle: (address) => StrKey.isValidEd25519PublicKey(address),
    alphabet: BASE32,
  })),
  {
    network: 'tezos',
    generate: (bytes, i) =>
      b58Encode(bytes(20), TEZOS_IMPLICIT[i % TEZOS_IMPLICIT.length] ?? PrefixV2.Ed25519PublicKeyHash),
    oracle: (address) => isValidPrefixedValue(address, TEZOS_IMPLICIT),
    alphabet: BASE58,
  },
  {
    network: 'solana',
    generate: (bytes) => solanaDecoder.decode(bytes(32)),
    oracle: (address) => isSolanaAddress(address),
    alphabet: BASE58,
    noChecksum: true,
  },
  {
    network: 'qtum',
    generate: (bytes, i) => bs58check.encode(withVersion(i % 2 === 0 ? 0x3a : 0x32, bytes(20))),
    oracle: (address) => {
      const payload = bs58check.decodeUnsafe(address);
      return payload?.length === 21 && (payload[0] === 0x3a || payload[0] === 0x32);
    },
    alphabet: BASE58,
  },
];

describe.each(CASES)(
  '$network agrees with its library',
  ({ network, generate, oracle, alphabet, normalize, noChecksum }) => {
    const bytes = randomBytes([...network].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7));
    const addresses = Array.from({ length: COUNT }, (_, i) => generate(bytes, i));

    it('accepts every address the library generates, and the library agrees', () => {
      for (const address of addresses) {
        expect(oracle(address), address).toBe(true);
        const result = validateAddress(network, address);
        expect(result, address).toEqual({ ok: true, normalized: normalize ? normalize(address) : address });
      }
    });

    it('gives the same answer as the library on every single-character mutation', () => {
      let refused = 0;
      for (const address of addresses) {
        for (const mutated of mutations(address, alphabet)) {
          const expected = oracle(mutated);
          expect(ok(network, mutated), mutated).toBe(expected);
          if (!expected) refused++;
        }
      }
      // The mutations must exercise the checksum (or, without one, the length), not only pass through.
      expect(refused).toBeGreaterThan(addresses.length * (noChecksum ? 1 : 10));
    });
  },
);

describe('where the rule is narrower than the library (decision 021)', () => {
  it('refuses XRPL X-addresses, which ripple-address-codec can encode', () => {
    const classic = encodeAccountID(randomBytes(1)(20));
    const xAddress = classicAddressToXAddress(classic, 12345, false);
    expect(ok('xrpl', classic)).toBe(true);
    expect(ok('xrpl', xAddress)).toBe(false);
  });

  it('refuses Tezos KT1 contracts, which taquito calls valid addresses', () => {
    const contract = b58Encode(randomBytes(2)(20), PrefixV2.ContractHash);
    expect(validateTezos(contract)).toBe(3);
    expect(ok('tezos', contract)).toBe(false);
  });

  it('refuses bitcoin testnet addresses, which the library knows as testnet', () => {
    const testnet = bech32Lib.encode('tb', [0, ...bech32Lib.toWords(randomBytes(3)(20))]);
    expect(validateBitcoin(testnet, Network.testnet)).toBe(true);
    expect(ok('bitcoin', testnet)).toBe(false);
  });

  it('refuses Stellar muxed (M...) accounts: document 2 says G + 55', () => {
    const muxed = StrKey.encodeMed25519PublicKey(NodeBuffer.from(randomBytes(4)(40)));
    expect(StrKey.isValidMed25519PublicKey(muxed)).toBe(true);
    expect(ok('stellar', muxed)).toBe(false);
  });
});
