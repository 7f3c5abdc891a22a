import { describe, expect, it } from 'vitest';
import { encodeXAddress } from 'ripple-address-codec';
import { Memo } from '@stellar/stellar-base';
import { ADDRESS_NETWORKS, NETWORK_MEMO_RULES, memoRule, validateMemo } from './index';

const throwsNot = (build: () => unknown): boolean => {
  try {
    build();
    return true;
  } catch {
    return false;
  }
};

describe('XRPL destination tag', () => {
  it('takes an unsigned 32-bit integer, like ripple-address-codec', () => {
    const accountId = new Uint8Array(20);
    for (const tag of [0, 1, 12345, 4_294_967_295]) {
      expect(throwsNot(() => encodeXAddress(accountId, tag, false))).toBe(true);
      expect(validateMemo('xrpl', String(tag))).toEqual({ ok: true, memo: { kind: 'tag', value: String(tag) } });
    }
    expect(throwsNot(() => encodeXAddress(accountId, 4_294_967_296, false))).toBe(false);
    expect(validateMemo('xrpl', '4294967296')).toEqual({
      ok: false,
      code: 'destinationTag',
      message: 'Value is not a valid XRPL destination tag',
      params: { kind: 'XRPL' },
    });
  });

  it.each(['-1', '1.5', '007', 'abc', '1e3', '0x10'])('refuses %j', (tag) => {
    expect(validateMemo('xrpl', tag)).toMatchObject({ ok: false, code: 'destinationTag' });
  });

  it('is optional: absent or blank is no tag', () => {
    expect(validateMemo('xrpl', undefined)).toEqual({ ok: true, memo: undefined });
    expect(validateMemo('xrpl', null)).toEqual({ ok: true, memo: undefined });
    expect(validateMemo('xrpl', '  ')).toEqual({ ok: true, memo: undefined });
    expect(validateMemo('xrpl', ' 42 ')).toEqual({ ok: true, memo: { kind: 'tag', value: '42' } });
  });
});

describe('Stellar and DigitalBits memo', () => {
  // What @stellar/stellar-base accepts: Memo.id for an unsigned 64-bit integer, Memo.text up to 28 bytes.
  const stellarAccepts = (memo: string): boolean => throwsNot(() => Memo.id(memo)) || throwsNot(() => Memo.text(memo));

  const samples = [
    '0',
    '123456',
    '18446744073709551615',
    'hello',
    'x'.repeat(28),
    'x'.repeat(29),
    'ñ'.repeat(14),
    'ñ'.repeat(15),
    '€'.repeat(9),
    '€'.repeat(10),
    'order 12345 for alice',
    'a memo that is much too long for stellar',
  ];

  it.each(samples)('agrees with stellar-base on %j', (memo) => {
    for (const network of ['stellar', 'digitalbits'] as const) {
      expect(validateMemo(network, memo).ok).toBe(stellarAccepts(memo));
    }
  });

  it('sends digits as a memo id and anything else as text', () => {
    expect(validateMemo('stellar', '123456')).toEqual({ ok: true, memo: { kind: 'id', value: '123456' } });
    expect(validateMemo('stellar', 'hello')).toEqual({ ok: true, memo: { kind: 'text', value: 'hello' } });
    expect(validateMemo('digitalbits', 'x'.repeat(29), 'es')).toEqual({
      ok: false,
      code: 'memo',
      message: 'El valor no es un memo de DigitalBits válido',
      params: { kind: 'DigitalBits' },
    });
  });
});

describe('memo policy', () => {
  it('has a memo rule for every network; the memo networks are XRPL, Stellar, DigitalBits and BNB', () => {
    expect(Object.keys(NETWORK_MEMO_RULES).sort()).toEqual([...ADDRESS_NETWORKS].sort());
    const withMemo = ADDRESS_NETWORKS.filter((network) => NETWORK_MEMO_RULES[network].memo !== 'none');
    expect(withMemo.sort()).toEqual(['binancechain', 'digitalbits', 'stellar', 'xrpl']);
  });

  it('refuses a memo on a network that has none, rather than dropping it', () => {
    expect(validateMemo('ethereum', '123')).toEqual({
      ok: false,
      code: 'memoNotUsed',
      message: 'This network does not use a memo',
    });
    expect(validateMemo('ethereum', '')).toEqual({ ok: true, memo: undefined });
  });

  it('limits a BNB memo to 128 bytes', () => {
    expect(validateMemo('binancechain', 'x'.repeat(128))).toMatchObject({ ok: true });
    expect(validateMemo('binancechain', 'x'.repeat(129))).toMatchObject({
      ok: false,
      code: 'memo',
      message: 'Value is not a valid BNB memo',
    });
  });

  it('refuses a memo longer than any memo', () => {
    expect(validateMemo('xrpl', '9'.repeat(100_000))).toMatchObject({ ok: false, code: 'destinationTag' });
    expect(validateMemo('stellar', '1'.repeat(100_000))).toMatchObject({ ok: false, code: 'memo' });
  });

  it('refuses an unknown network and a memo that is not a string', () => {
    expect(validateMemo('dogecoin', '1')).toMatchObject({ ok: false, code: 'network' });
    expect(validateMemo('xrpl', 42)).toMatchObject({ ok: false, code: 'string' });
  });

  it('works as an R12 rule', () => {
    const rule = memoRule('xrpl');
    expect(rule('7')).toBeUndefined();
    expect(rule('x')).toEqual({
      code: 'destinationTag',
      message: 'Value is not a valid XRPL destination tag',
      params: { kind: 'XRPL' },
    });
  });
});
