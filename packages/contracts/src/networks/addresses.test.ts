import { describe, expect, it } from 'vitest';
import { Network, validate as validateBitcoin } from 'bitcoin-address-validation';
import { isValidClassicAddress } from 'ripple-address-codec';
import { StrKey } from '@stellar/stellar-base';
import { validateAddress as validateTezos } from '@taquito/utils';
import { isAddress as isSolanaAddress } from '@solana/addresses';
import { encodeAddress } from '@polkadot/util-crypto';
import { translateFailure } from '../rules';
import { ADDRESS_NETWORKS, NETWORK_ADDRESS_RULES, addressRule, validateAddress } from './index';

const accepted = (network: string, address: string) => validateAddress(network, address).ok;

describe('published vectors', () => {
  it('bitcoin: the BIP 350 valid addresses, mainnet and of a type the rule takes', () => {
    // BIP 350 "valid segwit addresses": all are valid encodings for the library...
    const bip350 = {
      BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4: true,
      bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0: true,
      // ...but a 40-byte v1 program and witness versions 2 and 16 spend nowhere yet (decision 021),
      bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y: false,
      BC1SW50QGDZ25J: false,
      bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs: false,
      // and testnet is not mainnet.
      tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7: false,
      tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c: false,
    };
    for (const [address, expected] of Object.entries(bip350)) {
      expect(accepted('bitcoin', address), address).toBe(expected);
    }
    expect(validateAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({
      ok: true,
      normalized: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
  });

  it('bitcoin: BIP 350 invalid addresses (wrong checksum variant, bad padding, mixed case) are refused by both', () => {
    const invalid = [
      // bech32m checksum on a v0 program, bech32 checksum on a v1 program.
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      // Mixed case.
      'bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      // Zero padding of more than 4 bits.
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      // Empty data.
      'bc1gmk9yu',
    ];
    for (const address of invalid) {
      expect(validateBitcoin(address, Network.mainnet), address).toBe(false);
      expect(accepted('bitcoin', address), address).toBe(false);
    }
  });

  it('bitcoin: the classic P2PKH and P2SH examples', () => {
    for (const address of ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
      expect(validateBitcoin(address, Network.mainnet)).toBe(true);
      expect(validateAddress('bitcoin', address)).toEqual({ ok: true, normalized: address });
    }
    expect(accepted('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
  });

  it('EVM networks: the EIP-55 examples, normalized to their checksummed form', () => {
    const eip55 = [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ];
    for (const network of ['ethereum', 'avalanche', 'polygon', 'vechain', 'harmony'] as const) {
      for (const address of eip55) {
        expect(validateAddress(network, address.toLowerCase())).toEqual({ ok: true, normalized: address });
        expect(validateAddress(network, address)).toEqual({ ok: true, normalized: address });
      }
      expect(accepted(network, '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
      expect(accepted(network, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    }
  });

  it('xrpl (R9): r and 24 to 34 characters, so ACCOUNT_ZERO (27 in all) passes where document 2 would refuse it', () => {
    const known = ['rrrrrrrrrrrrrrrrrrrrrhoLvTp', 'rrrrrrrrrrrrrrrrrrrrBZbvji', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'];
    for (const address of known) {
      expect(isValidClassicAddress(address), address).toBe(true);
      expect(validateAddress('xrpl', address)).toEqual({ ok: true, normalized: address });
    }
    expect(accepted('xrpl', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toBe(false);
    expect(accepted('xrpl', 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi')).toBe(false);
  });

  it('stellar and digitalbits: the StrKey examples of SEP-23', () => {
    const valid = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
    const invalid = [
      // Invalid length, checksum, version byte (M for a G body), and lower case.
      'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSG',
      'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA',
      'ga7qynf7sowq3glr2bgmzehxavirza4kvwltjjfc7mgxua74p7ujvsgz',
      'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
    ];
    expect(StrKey.isValidEd25519PublicKey(valid)).toBe(true);
    for (const network of ['stellar', 'digitalbits'] as const) {
      expect(validateAddress(network, valid)).toEqual({ ok: true, normalized: valid });
      for (const address of invalid) {
        expect(StrKey.isValidEd25519PublicKey(address), address).toBe(false);
        expect(accepted(network, address), address).toBe(false);
      }
    }
  });

  it('tezos: implicit accounts pass, KT1 contracts do not match document 2 ("tz" + 34)', () => {
    for (const address of ['tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb', 'tz1L9r8mWmRPndRhuvMCWESLGSVeFzQ9NAWx']) {
      expect(validateTezos(address)).toBe(3);
      expect(validateAddress('tezos', address)).toEqual({ ok: true, normalized: address });
    }
    expect(accepted('tezos', 'tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjc')).toBe(false);
    expect(accepted('tezos', 'KT1Fe71jyjrxFg9ZrYqtvaX7uQjcLo7svE4D')).toBe(false);
  });

  it('solana: the system and token program ids', () => {
    for (const address of ['11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']) {
      expect(isSolanaAddress(address)).toBe(true);
      expect(validateAddress('solana', address)).toEqual({ ok: true, normalized: address });
    }
    expect(accepted('solana', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).toBe(false);
    expect(accepted('solana', '1111111111111111111111111111111')).toBe(false);
  });

  it('chia: bech32m xch over 32 bytes; a bech32 checksum or another prefix is refused', () => {
    const address = 'xch1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs0wg4qq';
    expect(validateAddress('chia', address.toUpperCase())).toEqual({ ok: true, normalized: address });
    expect(accepted('chia', 'txch1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs0wg4qq')).toBe(false);
    expect(accepted('chia', 'xch1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs0wg4qr')).toBe(false);
  });

  it("polymesh: SS58 with prefix 12, or document 2's 0x + 64 hex; another network's prefix is refused", () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const polymesh = encodeAddress(key, 12);
    expect(validateAddress('polymesh', polymesh)).toEqual({ ok: true, normalized: polymesh });
    expect(accepted('polymesh', encodeAddress(key, 0))).toBe(false);
    expect(accepted('polymesh', encodeAddress(key, 42))).toBe(false);
    const hex = `0x${'AB'.repeat(32)}`;
    expect(validateAddress('polymesh', hex)).toEqual({ ok: true, normalized: hex.toLowerCase() });
    expect(accepted('polymesh', `0x${'ab'.repeat(31)}`)).toBe(false);
  });

  it('icon: hx + 40 hex, lower-cased; contract (cx) addresses are refused', () => {
    expect(validateAddress('icon', 'hxC4193CDA4A75526BF50896EC242D6713BB6B02A3')).toEqual({
      ok: true,
      normalized: 'hxc4193cda4a75526bf50896ec242d6713bb6b02a3',
    });
    expect(accepted('icon', 'cx0000000000000000000000000000000000000001')).toBe(false);
    expect(accepted('icon', 'hx00000000000000000000000000000000000000')).toBe(false);
  });

  it('harmony: one1 bech32 is normalized to lower case; another prefix is refused', () => {
    const address = 'one1pdv9lrdwl0rg5vglh4xtyrv3wjk3wsqket7zxy';
    expect(validateAddress('harmony', address.toUpperCase())).toEqual({ ok: true, normalized: address });
    expect(accepted('harmony', 'bnb1pdv9lrdwl0rg5vglh4xtyrv3wjk3wsqket7zxy')).toBe(false);
  });
});

describe('validateAddress', () => {
  it('ignores the white space of a paste and returns the trimmed address', () => {
    expect(validateAddress('xrpl', '  rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh\n')).toEqual({
      ok: true,
      normalized: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    });
  });

  it('names the network in its message, in English and Spanish', () => {
    expect(validateAddress('xrpl', 'r123')).toEqual({
      ok: false,
      code: 'address',
      message: 'Value is not a valid XRPL address',
      params: { kind: 'XRPL' },
    });
    expect(validateAddress('xrpl', 'r123', 'es')).toEqual({
      ok: false,
      code: 'address',
      message: 'El valor no es una dirección XRPL válida',
      params: { kind: 'XRPL' },
    });
    expect(validateAddress('ethereum', '0x12')).toEqual({
      ok: false,
      code: 'ethAddress',
      message: 'Value is not a valid ETH address',
    });
  });

  it('refuses a network it does not know, and a value that is not a string', () => {
    expect(validateAddress('dogecoin', 'D123')).toEqual({
      ok: false,
      code: 'network',
      message: 'Value is not a supported network',
    });
    expect(validateAddress('ethereum', 42)).toEqual({
      ok: false,
      code: 'string',
      message: 'Only String type accepted',
    });
    expect(validateAddress('toString', 'x')).toMatchObject({ ok: false, code: 'network' });
  });

  it("does not take one network's address for another", () => {
    expect(accepted('bitcoin', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(accepted('ethereum', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(false);
    expect(accepted('stellar', 'tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb')).toBe(false);
    expect(accepted('qtum', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(accepted('icon', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('refuses a value longer than any address, on every network', () => {
    expect(accepted('bitcoin', `1${'z'.repeat(100_000)}`)).toBe(false);
    for (const network of ADDRESS_NETWORKS) expect(accepted(network, '1'.repeat(129))).toBe(false);
    expect(addressRule('xrpl')(`r${'p'.repeat(100_000)}`)).toMatchObject({ code: 'address' });
  });

  it('has a rule for every network', () => {
    expect(Object.keys(NETWORK_ADDRESS_RULES).sort()).toEqual([...ADDRESS_NETWORKS].sort());
  });
});

describe('addressRule (R12)', () => {
  it('passes a valid address and fails with the catalogue message', () => {
    const rule = addressRule('tezos');
    expect(rule('tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb')).toBeUndefined();
    const failure = rule('tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjc');
    expect(failure).toEqual({
      code: 'address',
      message: 'Value is not a valid Tezos address',
      params: { kind: 'Tezos' },
    });
    if (failure) expect(translateFailure(failure, 'es')).toBe('El valor no es una dirección Tezos válida');
    expect(rule(undefined)).toEqual({ code: 'string', message: 'Only String type accepted' });
  });
});
