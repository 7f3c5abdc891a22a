import { isValidBIC, isValidIBAN } from 'ibantools';
import { stringRule, type Rule } from './rule';

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** R9: the ABA check digit. The weighted sum (3, 7, 1 repeated) of all nine digits ends in 0. */
function hasValidAbaChecksum(digits: string): boolean {
  let sum = 0;
  ABA_WEIGHTS.forEach((weight, i) => {
    sum += weight * Number(digits.charAt(i));
  });
  return sum % 10 === 0;
}

/** Document 2: 9 digits; R9: plus the checksum, so a mistyped digit is caught before money moves. */
export const abaRoutingNumber: Rule = stringRule(
  'abaRoutingNumber',
  (v) => /^\d{9}$/.test(v) && hasValidAbaChecksum(v),
);

/**
 * R9: ISO 13616 through ibantools (country length, BBAN format, mod-97). Spaces of the printed form
 * are accepted; letters must be upper case as the standard writes them.
 */
export const iban: Rule = stringRule('iban', (v) => {
  const electronic = v.replace(/ /g, '');
  return /^[A-Z0-9]+$/.test(electronic) && isValidIBAN(electronic);
});

/**
 * Document 2: 4 letters, a country code, 2 alphanumerics, optionally 3 more. The shape is checked
 * upper case only (ISO 9362 writes it so); ibantools then checks that the country exists.
 */
export const swiftCode: Rule = stringRule(
  'swiftCode',
  (v) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(v) && isValidBIC(v),
);

/** The custodian's (Prime Trust) account number: exactly 12 digits. */
export const primeTrustAccount: Rule = stringRule('primeTrustAccount', (v) => /^\d{12}$/.test(v));

/** Any other bank's account number: 4 to 34 letters or digits (34 is the IBAN maximum). */
export const accountNumber: Rule = stringRule('accountNumber', (v) => /^[A-Za-z0-9]{4,34}$/.test(v));
