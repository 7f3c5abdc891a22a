import countries from 'i18n-iso-countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { InvalidCountryCodeError, stringRule, type Rule } from './rule';

// Document 2 writes GB/UK; UK is not an ISO 3166-1 code but people and old data use it.
const ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

// The library's international fallback also accepts an empty or endless string; real codes stay
// within 10 characters.
const FALLBACK_MAX = 10;

// No country's postal code is longer than this once normalised; a longer input is refused before any pattern.
const POSTAL_CODE_MAX = 12;

/**
 * Where the library's pattern disagrees with the country's national format (decision 051). Checked on the normalised
 * value (upper case, single spaces), so each pattern names the separators people really type.
 */
const NATIONAL_FORMATS: Readonly<Record<string, RegExp>> = {
  // Somalia: two letters for the region and five digits ('AW 12345'); digits alone are not a code.
  SO: /^[A-Z]{2} ?\d{5}$/,
  // The UK's own pattern (the outward and inward codes with their letter rules) and the Girobank's 'GIR 0AA'.
  GB: /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d[\dABEHMNPRV-Y]?|\d[A-HJKPS-UW]) ?\d[ABD-HJLNP-UW-Z]{2})$/,
  // Cayman Islands: KY1-KY3, a hyphen (often typed as a space) and four digits.
  KY: /^KY[1-3][- ]?\d{4}$/,
  // Åland: Finnish codes 22000-22999, written with or without the 'AX-' prefix.
  AX: /^(?:AX-?)?22\d{3}$/,
  // Bahrain: a block of three digits, or four from 1000 to 1299; never empty.
  BH: /^(?:\d|1[0-2])\d{2}$/,
  // Barbados: 'BB' and five digits, with or without a space; never empty.
  BB: /^BB ?\d{5}$/,
  // Venezuela: four digits, with an optional letter for the post office ('1010-A').
  VE: /^\d{4}(?:-?[A-Z])?$/,
  // eSwatini: the region's letter (H, L, M, S) and three digits.
  SZ: /^[HLMS]\d{3}$/,
};

function resolveCountry(country: string): string {
  const upper = country.toUpperCase();
  const iso = ALIASES[upper] ?? upper;
  if (!/^[A-Z]{2}$/.test(iso) || !countries.isValid(iso)) throw new InvalidCountryCodeError(country);
  return iso;
}

/** A postal code as it is checked and stored: trimmed, upper case, runs of spaces as one ('d02  x285' → 'D02 X285'). */
export function normalisePostalCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * R9: postal codes per country from postcode-validator (about 160 countries), corrected by NATIONAL_FORMATS, and the
 * international pattern for the rest. The value is normalised first, so lower case and stray spaces pass. Throws
 * InvalidCountryCodeError ('Invalid country code') for a country that does not exist, so the caller must validate the
 * country field first.
 */
export function postalCode(country: string): Rule {
  const iso = resolveCountry(country);
  const national = NATIONAL_FORMATS[iso];
  const key = postcodeValidatorExistsForCountry(iso) ? iso : 'INTL';
  const test = (code: string): boolean => {
    if (national) return national.test(code);
    return (key !== 'INTL' || code.length <= FALLBACK_MAX) && postcodeValidator(code, key);
  };
  return stringRule(
    'postalCode',
    (v) => {
      const code = normalisePostalCode(v);
      return code !== '' && code.length <= POSTAL_CODE_MAX && test(code);
    },
    { country: iso },
  );
}

/** Whether the country has its own pattern, rather than the international fallback. */
export function hasPostalCodePattern(country: string): boolean {
  const iso = resolveCountry(country);
  return iso in NATIONAL_FORMATS || postcodeValidatorExistsForCountry(iso);
}
