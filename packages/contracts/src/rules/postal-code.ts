import countries from 'i18n-iso-countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { InvalidCountryCodeError, stringRule, type Rule } from './rule';

// Document 2 writes GB/UK; UK is not an ISO 3166-1 code but people and old data use it.
const ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

// The library's international fallback also accepts an empty or endless string; real codes stay
// within 10 characters.
const FALLBACK_MAX = 10;

function resolveCountry(country: string): string {
  const upper = country.toUpperCase();
  const iso = ALIASES[upper] ?? upper;
  if (!/^[A-Z]{2}$/.test(iso) || !countries.isValid(iso)) throw new InvalidCountryCodeError(country);
  return iso;
}

/**
 * R9: postal codes per country from postcode-validator (about 160 countries), the international
 * pattern for the rest. Throws InvalidCountryCodeError ('Invalid country code') for a country that
 * does not exist, so the caller must validate the country field first.
 */
export function postalCode(country: string): Rule {
  const iso = resolveCountry(country);
  const key = postcodeValidatorExistsForCountry(iso) ? iso : 'INTL';
  return stringRule(
    'postalCode',
    (v) => v.trim() !== '' && (key !== 'INTL' || v.length <= FALLBACK_MAX) && postcodeValidator(v, key),
    { country: iso },
  );
}

/** Whether the country has its own pattern, rather than the international fallback. */
export function hasPostalCodePattern(country: string): boolean {
  return postcodeValidatorExistsForCountry(resolveCountry(country));
}
