import { KYC_CHECK_NAMES, KycIndividual, SANDBOX_PASSPORT_EXPIRES_ON, type KycCheckName } from '@rampart/contracts';

/**
 * The complete individual the sandbox's create call saves for a user who has no KYC record yet: it passes every
 * rule of document 2, section 5, and stands on the sandbox passport that expires on 2050-01-01 (document 2,
 * section 9). The passport is not an uploaded document (there are no bytes to keep): the account's transition
 * reason and the reply name it (decision 014).
 */
export const SANDBOX_INDIVIDUAL: KycIndividual = KycIndividual.parse({
  name: { first: 'Sandbox', last: 'Tester' },
  birth: { year: 1990, month: 1, day: 1 },
  tax: { identifier: '123-45-6789', country: 'US' },
  address: { street1: '1 Sandbox Way', city: 'Springfield', postalCode: '62701', country: 'US', region: 'IL' },
  telephone: { country: 'US', countryCode: '1', number: '2015550123' },
});

export const SANDBOX_PASSPORT = {
  documentType: 'passport',
  country: 'US',
  expiresOn: SANDBOX_PASSPORT_EXPIRES_ON,
} as const;

export const ALL_CHECKS_PASSED = Object.fromEntries(KYC_CHECK_NAMES.map((n) => [n, 'passed'])) as Record<
  KycCheckName,
  'passed'
>;
