import countries from 'i18n-iso-countries';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { InvalidCountryCodeError, stringRule, type Rule } from './rule';

/**
 * R8 overrides document 2's 'up to 20 letters, spaces or hyphens': letters of any alphabet (with
 * their combining accents), spaces, hyphens and apostrophes (straight or typographic), 1 to 50
 * characters, and at least one letter.
 */
const NAME = /^(?=.*\p{L})[\p{L}\p{M} '’-]{1,50}$/u;

// A full name joins first, middle and last, so it gets R8's characters with room for all three.
const FULL_NAME = /^(?=.*\p{L})[\p{L}\p{M} '’-]{1,100}$/u;

// Document 2: a capitalised word or an initial (with or without its dot); a hyphenated or
// apostrophised word ('Jean-Luc', "D'Arcy") is still one word. Letters of any cased alphabet (R8).
const MIDDLE_NAME = /^(?=.{1,50}$)(?:\p{Lu}\.|\p{Lu}[\p{Ll}\p{M}]*(?:[-'’]\p{L}[\p{Ll}\p{M}]*)*)$/u;

// Document 2: 1-50 characters in word groups. Places carry digits ('6th of October City'), dots
// ('St. Louis'), apostrophes and brackets; streets also carry '#', '/' and '&'.
const CITY = /^(?=.*\p{L})[\p{L}\p{M}\p{N} .,'’()-]{1,50}$/u;
const STREET = /^(?=.*[\p{L}\p{N}])[\p{L}\p{M}\p{N} .,'’#/&()-]{1,50}$/u;

export const firstName: Rule = stringRule('firstName', (v) => NAME.test(v));

export const lastName: Rule = stringRule('lastName', (v) => NAME.test(v));

export const fullName: Rule = stringRule('fullName', (v) => FULL_NAME.test(v));

export const middleName: Rule = stringRule('middleName', (v) => MIDDLE_NAME.test(v));

export const city: Rule = stringRule('city', (v) => CITY.test(v));

export const street: Rule = stringRule('street', (v) => STREET.test(v));

/** Street line 2 is optional in forms (wrap it in optionalRule); when given it has a street's shape. */
export const street2: Rule = stringRule('street2', (v) => STREET.test(v));

/** A state, province or county written out or as a code, where no list of regions applies. */
export const region: Rule = stringRule('region', (v) => CITY.test(v));

/** For countries with a region list (US, CA, GB): the value must be one of its codes. */
export function regionIn(codes: readonly string[]): Rule {
  const allowed = new Set(codes);
  return stringRule('region', (v) => allowed.has(v));
}

/** ISO 3166-1 alpha-2, upper case, from the maintained i18n-iso-countries list. */
export const countryCode: Rule = stringRule('countryCode', (v) => /^[A-Z]{2}$/.test(v) && countries.isValid(v));

export { totp } from './code-rules';

// Document 2: optional plus, optional brackets, then at least 5 digits, dashes, dots, slashes or
// spaces. The brackets may follow a country code ('+1 (415) 555-2671'). Written so that no character can be read by
// two parts of the pattern (the digits before the brackets end at '('): it never backtracks more than once.
const PHONE_SHAPE = /^\+?(?:[\d\-./ ]*\(\d{1,5}\))?[\d\-./ ]{5,}$/;

/**
 * The longest phone number as typed: 15 digits (E.164) with a plus, brackets, separators and room to spare. Longer
 * input is refused before any pattern or the phone library reads it (the SPA's phone fields stop there too).
 */
export const PHONE_MAX_LENGTH = 40;

function phoneRule(defaultCountry?: CountryCode): Rule {
  // R9: a parse failure, or a number the numbering plan does not allow, gives the same message.
  return stringRule(
    'phone',
    (v) => {
      if (!PHONE_SHAPE.test(v)) return false;
      const parsed = parsePhoneNumberFromString(v, defaultCountry);
      return parsed !== undefined && parsed.isValid();
    },
    undefined,
    PHONE_MAX_LENGTH,
  );
}

/** A phone number in international form (with its + and country code). */
export const phone: Rule = phoneRule();

/** A phone number that may be written nationally, read as a number of `country` (ISO alpha-2). */
export function phoneFor(country: string): Rule {
  const upper = country.toUpperCase();
  if (!isSupportedCountry(upper)) throw new InvalidCountryCodeError(country);
  return phoneRule(upper);
}
