import { stringRule, type Rule } from './rule';

/**
 * The authenticator (TOTP) code: 6 digits. Apart from the other identity rules, so that the pages that only take a code
 * (placing an order) do not load the phone-number and country lists those rules need.
 */
export const totp: Rule = stringRule('totp', (v) => /^\d{6}$/.test(v));
