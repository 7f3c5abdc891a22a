import { describe, expect, it } from 'vitest';
import { abaRoutingNumber, accountNumber, iban, primeTrustAccount, swiftCode } from './index';

describe('abaRoutingNumber (R9: check digit)', () => {
  const INVALID = { code: 'abaRoutingNumber', message: 'Value is not a valid ABA routing number' };

  // Published routing numbers: Federal Reserve Bank of Boston, JPMorgan Chase (NY), Bank of America (CA).
  it.each(['011000015', '021000021', '121000358'])('passes %s', (value) => {
    expect(abaRoutingNumber(value)).toBeUndefined();
  });

  it('refuses a published number with one digit off', () => {
    expect(abaRoutingNumber('011000016')).toEqual(INVALID);
    expect(abaRoutingNumber('021000012')).toEqual(INVALID);
  });

  it.each(['', '01100001', '0110000150', '01100001a', '011 000 015'])('refuses the malformed %j', (value) => {
    expect(abaRoutingNumber(value)).toEqual(INVALID);
  });
});

describe('iban (R9: mod-97 via ibantools)', () => {
  const INVALID = { code: 'iban', message: 'Value is not a valid IBAN' };

  // Examples published in the IBAN registry and by national banks.
  it.each([
    'GB82WEST12345698765432',
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'GB82 WEST 1234 5698 7654 32',
  ])('passes %j', (value) => {
    expect(iban(value)).toBeUndefined();
  });

  it('refuses a real IBAN with one digit changed', () => {
    expect(iban('GB82WEST12345698765433')).toEqual(INVALID);
    expect(iban('DE89370400440532013001')).toEqual(INVALID);
  });

  it.each(['', 'GB82WEST1234569876543', 'gb82west12345698765432', 'XX82WEST12345698765432', 'GB82-WEST-1234'])(
    'refuses %j',
    (value) => {
      expect(iban(value)).toEqual(INVALID);
    },
  );
});

describe('swiftCode', () => {
  const INVALID = { code: 'swiftCode', message: 'Value is not a valid SWIFT code' };

  it.each(['DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'CHASUS33XXX'])('passes %s', (value) => {
    expect(swiftCode(value)).toBeUndefined();
  });

  it.each(['', 'DEUTDEF', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEU1DEFF', 'DEUTZZFF', 'deutdeff'])('refuses %j', (value) => {
    expect(swiftCode(value)).toEqual(INVALID);
  });
});

describe('primeTrustAccount', () => {
  it('passes 12 digits', () => {
    expect(primeTrustAccount('123456789012')).toBeUndefined();
  });

  it.each(['12345678901', '1234567890123', '12345678901a', ''])('refuses %j', (value) => {
    expect(primeTrustAccount(value)).toEqual({
      code: 'primeTrustAccount',
      message: 'Value is not a valid Prime Trust account. Should be a 12-digit number.',
    });
  });
});

describe('accountNumber', () => {
  it.each(['1234', 'AB12CD34', '1'.repeat(34)])('passes %j', (value) => {
    expect(accountNumber(value)).toBeUndefined();
  });

  it.each(['123', '1'.repeat(35), '1234-5678', '1234 5678', ''])('refuses %j', (value) => {
    expect(accountNumber(value)).toEqual({ code: 'accountNumber', message: 'Value is not a valid account number' });
  });
});
