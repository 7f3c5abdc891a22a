/**
 * Document 2, section 5: countries and US states where Rampart cannot serve users. Users cannot select
 * them; the API refuses them. Seeded into `restricted_jurisdictions` for operators and SQL reports.
 */
export const RESTRICTED_COUNTRIES = [
  'AF',
  'DZ',
  'BD',
  'BY',
  'BO',
  'BF',
  'CM',
  'CV',
  'CF',
  'CN',
  'CU',
  'EG',
  'ER',
  'ET',
  'GH',
  'HT',
  'HN',
  'IR',
  'KE',
  'KP',
  'LB',
  'LS',
  'ML',
  'MA',
  'MZ',
  'NA',
  'NP',
  'NG',
  'PK',
  'QA',
  'RU',
  'SA',
  'SN',
  'SL',
  'LK',
  'SY',
  'TZ',
  'UG',
  'UA',
  'AE',
  'EH',
  'ZM',
] as const;

/** Hawaii, New York, South Dakota, Texas. */
export const RESTRICTED_US_STATES = ['HI', 'NY', 'SD', 'TX'] as const;

export function isRestrictedCountry(code: string): boolean {
  return (RESTRICTED_COUNTRIES as readonly string[]).includes(code.toUpperCase());
}

export function isRestrictedRegion(country: string, region: string): boolean {
  return country.toUpperCase() === 'US' && (RESTRICTED_US_STATES as readonly string[]).includes(region.toUpperCase());
}
