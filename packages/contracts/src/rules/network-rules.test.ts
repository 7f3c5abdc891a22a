import { describe, expect, it } from 'vitest';
import { bech32 } from '@scure/base';
import { bnbAddress, ethAddress, hex, hexBytes } from './index';

describe('hex', () => {
  it.each(['deadBEEF', '0xdeadbeef', '0X0', '7'])('passes %j', (value) => {
    expect(hex(value)).toBeUndefined();
  });

  it.each(['', '0x', 'xyz', '0xg1', 'de ad'])('refuses %j', (value) => {
    expect(hex(value)).toEqual({ code: 'hex', message: 'Value is not a valid hexadecimal' });
  });
});

describe('hexBytes', () => {
  const fourBytes = hexBytes(4);

  it('passes exactly n bytes, with or without 0x', () => {
    expect(fourBytes('deadbeef')).toBeUndefined();
    expect(fourBytes('0xDEADBEEF')).toBeUndefined();
  });

  it.each(['deadbe', 'deadbeef00', 'deadbee'])('refuses the wrong size %j', (value) => {
    expect(fourBytes(value)).toEqual({
      code: 'hexBytes',
      message: 'Value must be a hexadecimal of 4 bytes',
      params: { n: 4 },
    });
  });

  it('reports non-hex as not hexadecimal', () => {
    expect(fourBytes('deadbeez')).toEqual({ code: 'hex', message: 'Value is not a valid hexadecimal' });
  });
});

describe('ethAddress (R9: EIP-55)', () => {
  // The checksummed examples published in EIP-55.
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  const INVALID = { code: 'ethAddress', message: 'Value is not a valid ETH address' };

  it.each(EIP55)('passes the checksummed %s', (value) => {
    expect(ethAddress(value)).toBeUndefined();
  });

  it('passes all-lower and all-upper case, which carry no checksum', () => {
    expect(ethAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBeUndefined();
    expect(ethAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBeUndefined();
  });

  it('refuses a checksummed address with one letter in the wrong case', () => {
    expect(ethAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual(INVALID);
    expect(ethAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toEqual(INVALID);
  });

  it.each([
    '',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
    '0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('refuses the malformed %j', (value) => {
    expect(ethAddress(value)).toEqual(INVALID);
  });
});

describe('bnbAddress (R9: bech32)', () => {
  const INVALID = { code: 'bnbAddress', message: 'Value is not a valid BNB address' };

  it('passes a published BNB Beacon Chain address', () => {
    expect(bnbAddress('bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2')).toBeUndefined();
  });

  it('refuses the same address with its last character changed (checksum)', () => {
    expect(bnbAddress('bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h3')).toEqual(INVALID);
  });

  it('refuses a valid bech32 string of another chain', () => {
    // BIP-173 test vector: valid bech32, human-readable part 'bc'.
    expect(bnbAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual(INVALID);
    expect(bnbAddress('tbnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2')).toEqual(INVALID);
  });

  it('refuses a 20-byte bech32 address whose human-readable part is not bnb', () => {
    const words = bech32.toWords(new Uint8Array(20).fill(7));
    expect(bnbAddress(bech32.encode('bnb', words))).toBeUndefined();
    expect(bnbAddress(bech32.encode('tbnb', words))).toEqual(INVALID);
    expect(bnbAddress(bech32.encode('cosmos', words))).toEqual(INVALID);
  });

  it('refuses a well-formed bnb bech32 string that does not hold 20 bytes', () => {
    const nineteen = bech32.encode('bnb', bech32.toWords(new Uint8Array(19).fill(7)));
    const twenty = bech32.encode('bnb', bech32.toWords(new Uint8Array(20).fill(7)));
    expect(bnbAddress(twenty)).toBeUndefined();
    expect(bnbAddress(nineteen)).toEqual(INVALID);
  });

  it.each(['', 'bnb1', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'])('refuses %j', (value) => {
    expect(bnbAddress(value)).toEqual(INVALID);
  });
});
