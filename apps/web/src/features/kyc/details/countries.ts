import countries from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json';
import esCountries from 'i18n-iso-countries/langs/es.json';
import { isRestrictedCountry } from '@rampart/contracts';
import type { Language } from '../../../lib/i18n';

// The country names travel only in the KYC details chunk: registered here, never in the app's entry.
countries.registerLocale(enCountries);
countries.registerLocale(esCountries);

/**
 * Each flag is its own same-origin asset (the CSP allows img-src 'self', not data: URLs): a URL per country,
 * fetched by an <img> only when its option is shown. country-flag-icons does not export its SVG files, so the
 * glob points at the (hoisted) package folder.
 */
const flagUrls = import.meta.glob<string>('../../../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});
const FLAGS = new Map<string, string>();
for (const [path, url] of Object.entries(flagUrls)) {
  // Two-letter files only: 'BQ-BO.svg' (a Caribbean Netherlands island) is not Bolivia's flag.
  const code = /\/([A-Z]{2})\.svg$/.exec(path)?.[1];
  if (code) FLAGS.set(code, url);
}

export function flagUrl(code: string): string | undefined {
  return FLAGS.get(code.toUpperCase());
}

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** The name shown, in the user's language. */
  name: string;
  /** Lower-cased, accent-free names (all aliases) and the code, for search. */
  search: string[];
  restricted: boolean;
}

/** 'Japón' and 'japon' match; case, accents and surrounding spaces do not matter. */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US').trim();
}

const cache = new Map<Language, CountryOption[]>();

/** Every ISO country, sorted by its name in `language`. */
export function countryOptions(language: Language): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const all = countries.getNames(language, { select: 'all' });
  const collator = new Intl.Collator(language === 'es' ? 'es' : 'en', { sensitivity: 'base' });
  const options = Object.entries(all)
    .map(([code, names]): CountryOption => {
      const list = names.length > 0 ? names : [code];
      return {
        code,
        name: list[0] ?? code,
        search: [...list.map(foldForSearch), code.toLowerCase()],
        restricted: isRestrictedCountry(code),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, options);
  return options;
}

/** The options with `primary` first, in that order, and the rest as they were (alphabetical). */
export function withPrimaryFirst(options: readonly CountryOption[], primary: readonly string[]): CountryOption[] {
  const first = primary.flatMap((code) => options.filter((option) => option.code === code));
  return [...first, ...options.filter((option) => !primary.includes(option.code))];
}

/** The country's name in `language` (the code when unknown). */
export function countryName(code: string, language: Language): string {
  return countries.getName(code.toUpperCase(), language, { select: 'official' }) ?? code;
}

/** A name matches when any of its names contains the text, or the code equals it. */
export function countryMatches(option: CountryOption, text: string): boolean {
  const query = foldForSearch(text);
  if (query === '') return true;
  if (option.code.toLowerCase() === query) return true;
  return option.search.some((name) => name.includes(query));
}
