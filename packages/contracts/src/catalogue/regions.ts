// Plain constants, no zod: the SPA's location screen imports these in its own chunk and the API validates with them.

/**
 * The countries that have a region list (document 1, section 2: US, CA and GB). For them the Tax Region/State
 * is required and must be one of the list's codes (document 2, section 5). Codes are ISO 3166-2 subdivision
 * codes without the country prefix. GB's list is its four countries (ISO 3166-2:GB), the level a tax region
 * is set at (docs/decisions/007-kyc-records-and-custodian-sandbox.md).
 */
export const REGIONS = {
  US: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  },
  GB: { ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' },
} as const satisfies Record<string, Record<string, string>>;

export type RegionCountry = keyof typeof REGIONS;

/**
 * Document 2, section 9's "primary postal-code countries", in its order: the location step lists them first in the
 * address country list, above every other country, as most users live there (decision 064).
 */
export const PRIMARY_POSTAL_CODE_COUNTRIES = ['US', 'GB', 'CA'] as const satisfies readonly RegionCountry[];

export function hasRegionList(country: string): country is RegionCountry {
  return Object.prototype.hasOwnProperty.call(REGIONS, country);
}

/** The region codes of a country with a list, else an empty list. */
export function regionCodesOf(country: string): string[] {
  return hasRegionList(country) ? Object.keys(REGIONS[country]) : [];
}
