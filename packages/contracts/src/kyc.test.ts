import { describe, expect, it } from 'vitest';
import {
  KYC_MESSAGES,
  RESTRICTED_US_STATES,
  REGIONS,
  ageOn,
  birthDateProblem,
  documentErrorField,
  documentFieldOf,
  kycIndividualProblems,
  kycIndividualRequest,
  normaliseSignature,
  phoneProblem,
  signatureOf,
  type KycIndividualInput,
} from './index';

const M = KYC_MESSAGES.en;
const TODAY = { year: 2025, month: 6, day: 15 };

function valid(): KycIndividualInput {
  return {
    name: { first: 'Ada', last: 'Lovelace' },
    birth: { year: 1990, month: 12, day: 10 },
    tax: { identifier: '123-45-6789' },
    address: { street1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US', region: 'IL' },
    telephone: { country: 'US', countryCode: '1', number: '2015550123' },
  };
}

function problemsWith(patch: (r: KycIndividualInput) => void): Record<string, string> {
  const record = valid();
  patch(record);
  return kycIndividualProblems(record, TODAY);
}

describe('KYC individual record rules (document 2, section 5)', () => {
  it('accepts a complete record', () => {
    expect(kycIndividualProblems(valid(), TODAY)).toEqual({});
  });

  it('requires first name, last name, birth date, Tax ID, street, city, postal code and country', () => {
    expect(kycIndividualProblems({}, TODAY)).toEqual({
      'name.first': 'A value is required',
      'name.last': 'A value is required',
      birth: M.invalidDate,
      'tax.identifier': 'A value is required',
      'address.country': 'A value is required',
      'address.street1': 'A value is required',
      'address.city': 'A value is required',
      'address.postalCode': 'A value is required',
    });
    expect(problemsWith((r) => (r.name = { first: '  ', last: 'X' }))).toEqual({ 'name.first': 'A value is required' });
  });

  it('keeps street 2 optional but checks its shape when given', () => {
    expect(problemsWith((r) => (r.address!.street2 = ''))).toEqual({});
    expect(problemsWith((r) => (r.address!.street2 = 'Apt 4'))).toEqual({});
    expect(problemsWith((r) => (r.address!.street2 = '<script>'))).toEqual({
      'address.street2': 'Value is not a valid street line 2',
    });
  });

  describe('date of birth (R7)', () => {
    it('says Invalid Date. for a missing or impossible date', () => {
      expect(birthDateProblem(undefined, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: 1990, month: 2, day: 30 }, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: 1990, month: 13, day: 1 }, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: 'abc', month: 1, day: 1 }, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: 1990, month: 1.5, day: 1 }, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: 1800, month: 1, day: 1 }, TODAY)).toBe('Invalid Date.');
      // Document 2: February allows 29, in a leap year.
      expect(birthDateProblem({ year: 2000, month: 2, day: 29 }, TODAY)).toBeUndefined();
      expect(birthDateProblem({ year: 2001, month: 2, day: 29 }, TODAY)).toBe('Invalid Date.');
      expect(birthDateProblem({ year: '1990', month: '02', day: '3' }, TODAY)).toBeUndefined();
    });

    it('says Date must be in the past. for today or a later date', () => {
      expect(birthDateProblem({ ...TODAY }, TODAY)).toBe('Date must be in the past.');
      expect(birthDateProblem({ year: 2030, month: 1, day: 1 }, TODAY)).toBe('Date must be in the past.');
    });

    it('counts the real age from the full date, not the calendar-year gap of 17', () => {
      // 18 tomorrow: refused, though the years differ by 18.
      expect(birthDateProblem({ year: 2007, month: 6, day: 16 }, TODAY)).toBe('Must be older than 18.');
      // The original let a 17-year-old through on a calendar-year gap of 17: refused (R7).
      expect(birthDateProblem({ year: 2008, month: 1, day: 1 }, TODAY)).toBe('Must be older than 18.');
      expect(birthDateProblem({ year: 2007, month: 6, day: 15 }, TODAY)).toBeUndefined();
      expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2022, month: 2, day: 28 })).toBe(17);
      expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2022, month: 3, day: 1 })).toBe(18);
    });
  });

  describe('names (R8)', () => {
    it('accepts letters of any alphabet, spaces, hyphens and apostrophes, up to 50', () => {
      expect(problemsWith((r) => (r.name = { first: "Anne-Marie O'Neil", last: 'Lovelace' }))).toEqual({});
      expect(problemsWith((r) => (r.name!.first = 'A'.repeat(51)))).toEqual({
        'name.first': 'Value is not a valid first name',
      });
      expect(problemsWith((r) => (r.name!.last = 'L0velace'))).toEqual({
        'name.last': 'Value is not a valid last name',
      });
    });

    it('asks for romanized first and last names when a name has characters outside ASCII', () => {
      expect(problemsWith((r) => (r.name = { first: 'Zoë', last: 'Łukasz' }))).toEqual({
        'name.latinFirst': 'A value is required',
        'name.latinLast': 'A value is required',
      });
      expect(problemsWith((r) => (r.name = { first: 'Zoë', last: 'Smith', latinFirst: 'Zoë' }))).toEqual({
        'name.latinFirst': 'Value only allows romanized characters',
      });
      expect(
        problemsWith((r) => (r.name = { first: 'Zoë', last: 'Łukasz', latinFirst: 'Zoe', latinLast: 'Lukasz' })),
      ).toEqual({});
      expect(problemsWith((r) => (r.name = { first: '山田', last: 'Smith', latinFirst: 'Yamada' }))).toEqual({});
    });

    it('checks the optional middle name as a capitalised word or initial', () => {
      expect(problemsWith((r) => (r.name!.middle = 'J.'))).toEqual({});
      expect(problemsWith((r) => (r.name!.middle = 'john'))).toEqual({
        'name.middle': 'Value is not a valid middle name',
      });
    });
  });

  describe('address', () => {
    it('refuses every restricted country, and unknown codes', () => {
      for (const country of ['CN', 'RU', 'NG', 'AE']) {
        expect(
          problemsWith((r) => (r.address = { street1: '1 Road', city: 'Town', postalCode: '12345', country })),
        ).toEqual({
          'address.country': M.countryNotSupported,
        });
      }
      expect(problemsWith((r) => (r.address!.country = 'XX'))).toMatchObject({
        'address.country': 'Value is not a valid country code',
      });
    });

    it('requires a listed region for US, CA and GB only, and refuses the restricted US states', () => {
      expect(problemsWith((r) => delete r.address!.region)).toEqual({ 'address.region': 'A value is required' });
      expect(problemsWith((r) => (r.address!.region = 'ZZ'))).toEqual({
        'address.region': 'Value is not a valid region',
      });
      for (const state of RESTRICTED_US_STATES) {
        expect(problemsWith((r) => (r.address!.region = state))).toEqual({ 'address.region': M.regionNotSupported });
      }
      expect(
        problemsWith(
          (r) =>
            (r.address = { street1: '1 Rue', city: 'Montréal', postalCode: 'H2X 1Y4', country: 'CA', region: 'QC' }),
        ),
      ).toEqual({});
      expect(
        problemsWith((r) => (r.address = { street1: '1 Rue', city: 'Montréal', postalCode: 'H2X 1Y4', country: 'CA' })),
      ).toEqual({
        'address.region': 'A value is required',
      });
      expect(
        problemsWith(
          (r) =>
            (r.address = {
              street1: '10 Downing St',
              city: 'London',
              postalCode: 'SW1A 2AA',
              country: 'GB',
              region: 'ENG',
            }),
        ),
      ).toEqual({});
      expect(
        problemsWith(
          (r) => (r.address = { street1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' }),
        ),
      ).toEqual({});
      expect(Object.keys(REGIONS)).toEqual(['US', 'CA', 'GB']);
    });

    it('checks the postal code by the country', () => {
      expect(problemsWith((r) => (r.address!.postalCode = '62701-1234'))).toEqual({});
      expect(problemsWith((r) => (r.address!.postalCode = '6270'))).toEqual({
        'address.postalCode': 'Value is not a valid postal',
      });
      expect(
        problemsWith(
          (r) => (r.address = { street1: '1-1 Chome', city: 'Tokyo', postalCode: '1000001', country: 'JP' }),
        ),
      ).toEqual({
        'address.postalCode': 'Value is not a valid postal',
      });
      expect(
        problemsWith(
          (r) => (r.address = { street1: '1-1 Chome', city: 'Tokyo', postalCode: '100-0001', country: 'JP' }),
        ),
      ).toEqual({});
    });
  });

  describe('phone', () => {
    it("says 'Invalid Phone' below 6 characters and when the number does not parse", () => {
      expect(phoneProblem('20155', 'US')).toBe('Invalid Phone');
      expect(phoneProblem('555555555555', 'US')).toBe('Invalid Phone');
      expect(phoneProblem('(201) 555-0123', 'US')).toBeUndefined();
      expect(phoneProblem('+44 20 7946 0958', 'US')).toBeUndefined();
      expect(problemsWith((r) => (r.telephone!.number = '123'))).toEqual({ 'telephone.number': 'Invalid Phone' });
    });

    it('refuses a restricted phone country', () => {
      expect(problemsWith((r) => (r.telephone = { country: 'RU', countryCode: '7', number: '9123456789' }))).toEqual({
        'telephone.country': M.countryNotSupported,
      });
    });
  });

  it('checks the Tax ID shape', () => {
    expect(problemsWith((r) => (r.tax = { identifier: 'AB 123/45.6' }))).toEqual({});
    expect(problemsWith((r) => (r.tax = { identifier: '<b>1</b>' }))).toEqual({
      'tax.identifier': 'Value does not match to the pattern',
    });
    expect(problemsWith((r) => (r.tax = { identifier: '1'.repeat(31) }))).toEqual({
      'tax.identifier': 'Value must be less than 30 characters',
    });
  });

  it('validates and normalises through the request schema, with field paths', () => {
    const schema = kycIndividualRequest(() => new Date(Date.UTC(2025, 5, 15)));
    const parsed = schema.parse({
      ...valid(),
      address: { ...valid().address, country: 'us', region: 'il', street2: ' ' },
    });
    expect(parsed.address).toEqual({
      country: 'US',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      street1: '1 Main St',
    });
    expect(parsed.tax).toEqual({ identifier: '123-45-6789', country: 'US', region: 'IL', city: 'Springfield' });
    // A server-owned or unknown field is refused, at the root and in a part
    // (docs/decisions/103-every-request-body-refuses-unknown-fields.md).
    const forged = schema.safeParse({ ...valid(), relatedId: 'client-sent', name: { ...valid().name, nick: 'A' } });
    expect(forged.error?.issues.map((i) => [i.code, i.path.join('.')])).toEqual([
      ['unrecognized_keys', 'name'],
      ['unrecognized_keys', ''],
    ]);
    const bad = schema.safeParse({ ...valid(), birth: { year: 2010, month: 1, day: 1 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['birth', 'Must be older than 18.']]);
  });
});

describe('signature and document field names', () => {
  it('joins the first and last name with a space and ignores spacing and case when comparing', () => {
    expect(signatureOf({ first: ' Ada ', last: 'Lovelace' })).toBe('Ada Lovelace');
    expect(normaliseSignature('  ada   LOVELACE ')).toBe(normaliseSignature('Ada Lovelace'));
    expect(normaliseSignature('Ada Byron')).not.toBe(normaliseSignature('Ada Lovelace'));
  });

  it("maps 'document ' error fields to the form's fields", () => {
    expect(documentErrorField('backFile')).toBe('document backFile');
    expect(documentFieldOf('document documentExpiration')).toBe('documentExpiration');
    expect(documentFieldOf('document unknown')).toBeUndefined();
    expect(documentFieldOf('file')).toBeUndefined();
  });

  it('has every KYC message in Spanish too', () => {
    expect(Object.keys(KYC_MESSAGES.es).sort()).toEqual(Object.keys(KYC_MESSAGES.en).sort());
    for (const value of Object.values(KYC_MESSAGES.es)) expect(value.trim()).not.toBe('');
  });
});
