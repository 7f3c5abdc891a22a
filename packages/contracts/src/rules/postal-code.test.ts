import { describe, expect, it } from 'vitest';
import { InvalidCountryCodeError, hasPostalCodePattern, normalisePostalCode, postalCode } from './index';

const invalidFor = (country: string) => ({
  code: 'postalCode',
  message: 'Value is not a valid postal',
  params: { country },
});

describe('postalCode (R9: postcode-validator)', () => {
  it.each([
    ['US', ['94105', '94105-1234'], ['9410', '94105-123', '94105 1234', 'ABCDE']],
    ['CA', ['K1A 0B1', 'K1A0B1'], ['K1A 0B', '123 456', 'D1A 0B1']],
    ['GB', ['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE'], ['SW1A 1A', '12345', 'SW1A-1AA']],
    ['JP', ['100-0001'], ['1000001', '100-001', '100 0001']],
    ['DE', ['10115'], ['1011', '101155', '10A15']],
  ] as const)('%s', (country, good, bad) => {
    const rule = postalCode(country);
    for (const value of good) expect(rule(value), value).toBeUndefined();
    for (const value of bad) expect(rule(value), value).toEqual(invalidFor(country));
  });

  // Typed as people type them: lower case and stray spaces are normalised before the check (decision 051).
  it.each([
    ['IE', 'd02 x285', 'D02 X285'],
    ['IE', ' D02X285 ', 'D02X285'],
    ['BN', 'bs 8811', 'BS 8811'],
    ['LU', 'l-1234', 'L-1234'],
    ['MT', 'vlt  1117', 'VLT 1117'],
    ['GS', 'siqq 1zz', 'SIQQ 1ZZ'],
    ['NL', '1234 ab', '1234 AB'],
    ['AR', 'c1425dka', 'C1425DKA'],
    ['GB', 'sw1a 1aa', 'SW1A 1AA'],
    ['CA', 'k1a 0b1', 'K1A 0B1'],
  ])('accepts %s %j as %j', (country, typed, stored) => {
    expect(postalCode(country)(typed)).toBeUndefined();
    expect(normalisePostalCode(typed)).toBe(stored);
  });

  // Checked against the national formats where the library's pattern was wrong.
  it.each([
    ['SO', ['AW12345', 'AW 12345', 'bn 12345'], ['12345', 'AW1234', 'A12345']],
    ['GB', ['GIR 0AA', 'GIR0AA', 'EC1A 1BB', 'W1A 0AX'], ['GIR 0AB', 'QC1 1AA']],
    ['KY', ['KY1-1234', 'KY1 1234', 'ky2-1100'], ['KY4-1234', 'KY1-123', '1234']],
    ['AX', ['22100', 'AX-22100', 'AX22100'], ['12345', 'AX-2210', 'FI-22100']],
    ['BH', ['317', '101', '1216'], ['1316', '12', '12345']],
    ['BB', ['BB15094', 'BB 15094', 'bb15094'], ['15094', 'BB1509', 'BX15094']],
    ['VE', ['1010', '1010-A', '1010A'], ['101', '10101', '1010-AB']],
    ['SZ', ['H100', 'm200'], ['100', 'A100', 'H1000', 'H 100']],
  ] as const)('%s: national format', (country, good, bad) => {
    const rule = postalCode(country);
    for (const value of good) expect(rule(value), value).toBeUndefined();
    for (const value of bad) expect(rule(value), value).toEqual(invalidFor(country));
  });

  it('reads UK as GB, as document 2 writes GB/UK', () => {
    expect(postalCode('UK')('SW1A 1AA')).toBeUndefined();
    expect(postalCode('UK')('12345')).toEqual(invalidFor('GB'));
  });

  it('accepts a lower-case country code', () => {
    expect(postalCode('us')('94105')).toBeUndefined();
  });

  it('falls back to the international pattern for a country the library has no pattern for', () => {
    expect(hasPostalCodePattern('AE')).toBe(false);
    expect(hasPostalCodePattern('US')).toBe(true);
    const rule = postalCode('AE');
    expect(rule('12345')).toBeUndefined();
    expect(rule('AB-12 3')).toBeUndefined();
    for (const value of ['', '  ', '12_34', '-123', '12345678901'])
      expect(rule(value), value).toEqual(invalidFor('AE'));
  });

  it.each(['ZZ', 'XX', 'USA', '', '1'])('raises Invalid country code for %j', (country) => {
    expect(() => postalCode(country)).toThrow(InvalidCountryCodeError);
    expect(() => postalCode(country)).toThrow('Invalid country code');
  });

  it('names the country and the code on the error', () => {
    try {
      postalCode('ZZ');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidCountryCodeError);
      expect(error).toMatchObject({ code: 'invalidCountryCode', country: 'ZZ', message: 'Invalid country code' });
    }
  });

  it('refuses a non-string value', () => {
    expect(postalCode('US')(94105)).toEqual({ code: 'string', message: 'Only String type accepted' });
  });
});
