import { describe, expect, it } from 'vitest';
import { InvalidCountryCodeError, hasPostalCodePattern, postalCode } from './index';

const invalidFor = (country: string) => ({
  code: 'postalCode',
  message: 'Value is not a valid postal code',
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
    for (const value of ['', '  ', '12_34', '-123', '12345678901']) expect(rule(value), value).toEqual(invalidFor('AE'));
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
