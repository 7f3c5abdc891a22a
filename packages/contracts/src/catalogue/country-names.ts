import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

let registered = false;

/**
 * A country's English name from the catalogue (i18n-iso-countries, the list the SPA's country picker shows): what the
 * API stores beside the code and prints in the custodial agreement, never a name sent in a request (decision 051).
 * The names are registered on first use, so a bundle that never asks for one does not carry them.
 */
export function countryNameOf(code: string): string {
  if (!registered) {
    countries.registerLocale(en);
    registered = true;
  }
  const upper = code.toUpperCase();
  return countries.getName(upper, 'en', { select: 'official' }) ?? upper;
}
