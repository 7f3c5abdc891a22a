import { describe, expect, it } from 'vitest';
import {
  InvalidCountryCodeError,
  city,
  countryCode,
  firstName,
  fullName,
  lastName,
  middleName,
  phone,
  phoneFor,
  region,
  regionIn,
  street,
  street2,
  totp,
} from './index';

describe('first and last names (R8)', () => {
  const GOOD = [
    'Ann',
    'José',
    'Zoë',
    "O'Brien",
    'O’Brien',
    'Smith-Jones',
    'van der Berg',
    'Łukasz',
    'Nguyễn',
    '李小龙',
    'Александр',
    'A',
    'A'.repeat(50),
  ];
  const BAD = ['', 'J0hn', 'Ann!', '---', ' ', 'A'.repeat(51), 'Ann_Lee', 'Ann.'];

  it.each(GOOD)('firstName passes %j', (value) => {
    expect(firstName(value)).toBeUndefined();
    expect(lastName(value)).toBeUndefined();
  });

  it.each(BAD)('refuses %j', (value) => {
    expect(firstName(value)).toEqual({ code: 'firstName', message: 'Value is not a valid first name' });
    expect(lastName(value)).toEqual({ code: 'lastName', message: 'Value is not a valid last name' });
  });

  it('accepts an accent written as a combining mark', () => {
    expect(firstName('Jose\u0301')).toBeUndefined();
  });
});

describe('fullName', () => {
  it('passes a long real name beyond the 50 of one name part', () => {
    const name = 'María José Fernández de la Concepción Rodríguez-Hernández';
    expect(name.length).toBeGreaterThan(50);
    expect(fullName(name)).toBeUndefined();
  });

  it.each(['', 'John 2nd', 'A'.repeat(101)])('refuses %j', (value) => {
    expect(fullName(value)).toEqual({ code: 'fullName', message: 'Value is not a valid full name' });
  });
});

describe('middleName', () => {
  it.each(['J', 'J.', 'Marie', 'Jean-Luc', "D'Arcy", 'Émile', 'Ólafur'])('passes %j', (value) => {
    expect(middleName(value)).toBeUndefined();
  });

  it.each(['', 'j', 'marie', 'MARIE', 'Mary Ann', 'J..', 'M4rie'])('refuses %j', (value) => {
    expect(middleName(value)).toEqual({ code: 'middleName', message: 'Value is not a valid middle name' });
  });
});

describe('address parts', () => {
  it('city', () => {
    for (const value of ['New York', 'St. Louis', "L'Aquila", 'Winston-Salem', 'São Paulo', '6th of October City']) {
      expect(city(value), value).toBeUndefined();
    }
    for (const value of ['', '12345', 'Paris!', 'A'.repeat(51)]) {
      expect(city(value), value).toEqual({ code: 'city', message: 'Value is not a valid address city' });
    }
  });

  it('street', () => {
    for (const value of [
      '1600 Pennsylvania Ave NW',
      'Calle de Alcalá, 42',
      '221B Baker St.',
      'PO Box 12',
      '10 Rue de l’Église',
    ]) {
      expect(street(value), value).toBeUndefined();
    }
    for (const value of ['', '---', 'Main St <script>', 'A'.repeat(51)]) {
      expect(street(value), value).toEqual({ code: 'street', message: 'Value is not a valid street' });
    }
  });

  it('street2', () => {
    for (const value of ['Apt #5', 'Suite 200', 'Floor 3/B', 'c/o Smith & Co'])
      expect(street2(value), value).toBeUndefined();
    for (const value of ['', 'Apt @5']) {
      expect(street2(value), value).toEqual({ code: 'street2', message: 'Value is not a valid street line 2' });
    }
  });

  it('region', () => {
    for (const value of ['CA', 'Ontario', 'Île-de-France', 'Greater London'])
      expect(region(value), value).toBeUndefined();
    for (const value of ['', '12', 'N/A'])
      expect(region(value), value).toEqual({ code: 'region', message: 'Value is not a valid region' });
  });

  it('regionIn keeps to the list', () => {
    const usStates = regionIn(['CA', 'NY', 'TX']);
    expect(usStates('NY')).toBeUndefined();
    expect(usStates('Ontario')).toEqual({ code: 'region', message: 'Value is not a valid region' });
  });
});

describe('countryCode', () => {
  it.each(['US', 'GB', 'ES', 'XK'])('passes %s', (value) => {
    expect(countryCode(value)).toBeUndefined();
  });

  it.each(['', 'us', 'UK', 'ZZ', 'USA', 'U1'])('refuses %j', (value) => {
    expect(countryCode(value)).toEqual({ code: 'countryCode', message: 'Value is not a valid country code' });
  });
});

describe('totp', () => {
  it('passes 6 digits', () => {
    expect(totp('012345')).toBeUndefined();
  });

  it.each(['12345', '1234567', '12345a', ' 123456', ''])('refuses %j', (value) => {
    expect(totp(value)).toEqual({ code: 'totp', message: 'Value is not a valid TOTP number' });
  });
});

describe('phone (R9: libphonenumber-js)', () => {
  const INVALID = { code: 'phone', message: 'Value is not a valid phone' };

  it.each([
    '+1 (415) 555-2671',
    '+12025550123',
    '+44 20 7946 0958',
    '+34 612 34 56 78',
    '+49 30 901820',
    '+1.202.456.1111',
  ])('passes the international %j', (value) => {
    expect(phone(value)).toBeUndefined();
  });

  it.each([
    '', // empty
    '+1 12', // too short for the shape
    '+1 123 4567', // shape fine, too short for the numbering plan
    '+1 999 555 0123', // no such US area code
    '(415) 555-2671', // no country code and no default country
    '+44 20 7946 0958 ext', // letters
    '415) 555-2671',
  ])('refuses %j', (value) => {
    expect(phone(value)).toEqual(INVALID);
  });

  it('reads a national number with a default country', () => {
    expect(phoneFor('US')('(415) 555-2671')).toBeUndefined();
    expect(phoneFor('us')('415/555/2671')).toBeUndefined();
    expect(phoneFor('GB')('020 7946 0958')).toBeUndefined();
    expect(phoneFor('GB')('(415) 555-2671')).toEqual(INVALID);
  });

  // The document's shape pattern once backtracked: about 5 s on 50,000 characters. A real number is short, so the length
  // is bounded before any pattern runs; a generous limit, not a speed test.
  it.each([
    ['digits then a letter', '1'.repeat(50_000) + 'x'],
    ['digits and spaces then a letter', '1 '.repeat(25_000) + 'a'],
    ['a bracket group then garbage', '(12)' + '-'.repeat(50_000) + '!'],
  ])('refuses a 50,000-character input (%s) at once', (_label, value) => {
    const started = performance.now();
    expect(phone(value)).toEqual(INVALID);
    expect(phoneFor('US')(value)).toEqual(INVALID);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('raises Invalid country code for an unknown default country', () => {
    expect(() => phoneFor('ZZ')).toThrow(InvalidCountryCodeError);
    expect(() => phoneFor('ZZ')).toThrow('Invalid country code');
  });
});
