import { REGIONS, countryNameOf, hasRegionList, signatureOf, type KycIndividual } from '@rampart/contracts';

/** Bumped whenever the text changes: the version the user signed is stored with the signature. */
export const AGREEMENT_VERSION = '2025-01';
export const AGREEMENT_TITLE = 'Custodial Account Agreement';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function longDate(year: number, month: number, day: number): string {
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

function addressLine(a: KycIndividual['address']): string {
  const region =
    a.region && hasRegionList(a.country)
      ? ((REGIONS[a.country] as Record<string, string>)[a.region] ?? a.region)
      : a.region;
  // Names come from the catalogues (regions, countries), never from what a request sent (decision 051).
  return [a.street1, a.street2, a.city, region, a.postalCode, countryNameOf(a.country)]
    .filter((p) => p !== undefined && p !== '')
    .join(', ');
}

/**
 * The custodial agreement filled in with the user's details (document 2, section 7: agreementpreviews "returns
 * data"). Plain text with blank-line paragraphs: the SPA renders it as text, never as HTML.
 */
export function renderAgreement(record: KycIndividual, email: string, today: Date): string {
  const name = [record.name.first, record.name.middle, record.name.last].filter(Boolean).join(' ');
  const b = record.birth;
  return [
    AGREEMENT_TITLE,
    `This ${AGREEMENT_TITLE} (the "Agreement") is made on ${longDate(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate())} between the custodian of Rampart accounts (the "Custodian") and ${name} (the "Account Holder"), born ${longDate(b.year, b.month, b.day)}, residing at ${addressLine(record.address)}, reachable at ${email}.`,
    "1. Account. The Custodian opens and keeps a custodial account in the name of the Account Holder, holding US dollars and digital assets for the Account Holder's benefit. Assets are held separately from the Custodian's own.",
    '2. Identity. The Account Holder confirms that the details given are true and complete, authorises the Custodian to verify them (identity, documents, address and sanctions screening) and will keep them up to date.',
    "3. Instructions. The Custodian acts on instructions given through Rampart after the Account Holder signs in. Withdrawals must be confirmed within 24 hours of the Custodian's email or they are cancelled.",
    '4. Fees and limits. Fees and settlement times are shown before each transaction is confirmed.',
    '5. Closing. Either party may close the account. The Custodian may refuse, suspend or close an account where the law requires it.',
    `Signed electronically by typing the Account Holder's first and last name: ${signatureOf(record.name)}`,
  ].join('\n\n');
}
