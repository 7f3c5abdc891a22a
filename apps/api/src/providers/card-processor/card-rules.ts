import cardValidator from 'card-validator';
import type { CardBrand } from '@rampart/contracts';
import { CardProcessorError, type CardDetails } from './types';

/** The processor's English messages (the hosted form shows its own language's, by code). */
export const CARD_RULE_MESSAGES = {
  numberRequired: 'Enter your card number.',
  invalidNumber: 'Your card number is invalid.',
  unsupportedBrand: 'This card brand is not supported.',
  invalidExpMonth: 'Enter the expiry month (01 to 12).',
  invalidExpYear: 'Enter a valid expiry year.',
  expiredCard: 'Your card has expired.',
  invalidCvc: (digits: number) => `Enter the ${digits}-digit security code.`,
} as const;

/** card-validator's brand ids → the brands the processor accepts. */
const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
  'diners-club': 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

/** A card may be valid up to this many years ahead (cards are issued for at most about 10). */
const MAX_YEARS_AHEAD = 20;

export interface CheckedCard {
  /** Digits only. Lives in memory for the length of one request; never stored, never logged. */
  number: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  cvcLength: 3 | 4;
}

export class CardFieldErrors extends Error {
  constructor(readonly errors: CardProcessorError[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    this.name = 'CardFieldErrors';
  }
}

/** The card number with spaces and dashes taken out; null when anything else is in it. */
export function normaliseCardNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** Luhn, length and brand (card-validator); the brand must be one the processor accepts. */
export function checkCardNumber(value: string | undefined): { number: string; brand: CardBrand; cvcLength: 3 | 4 } {
  if (value === undefined || value.trim() === '')
    throw new CardProcessorError('number_required', 'number', CARD_RULE_MESSAGES.numberRequired);
  const number = normaliseCardNumber(value);
  if (!number) throw new CardProcessorError('invalid_number', 'number', CARD_RULE_MESSAGES.invalidNumber);
  const verdict = cardValidator.number(number, { luhnValidateUnionPay: true });
  if (!verdict.card) throw new CardProcessorError('invalid_number', 'number', CARD_RULE_MESSAGES.invalidNumber);
  const brand = BRANDS[verdict.card.type];
  if (!brand) throw new CardProcessorError('unsupported_brand', 'number', CARD_RULE_MESSAGES.unsupportedBrand);
  if (!verdict.isValid) throw new CardProcessorError('invalid_number', 'number', CARD_RULE_MESSAGES.invalidNumber);
  return { number, brand, cvcLength: verdict.card.code.size === 4 ? 4 : 3 };
}

/**
 * Month 1-12 ("4" or "04"), year of 2 or 4 digits ("31" = 2031); valid through the last day of its month (UTC of
 * the processor's clock), at most 20 years ahead. card-validator's own expiry check reads the machine's clock, so
 * the rule is written here against the injected one.
 */
export function checkExpiry(
  month: string | undefined,
  year: string | undefined,
  now: Date,
): { expMonth: number; expYear: number } {
  const errors: CardProcessorError[] = [];
  const m = month?.trim() ?? '';
  const y = year?.trim() ?? '';
  const expMonth = /^\d{1,2}$/.test(m) ? Number(m) : NaN;
  if (!(expMonth >= 1 && expMonth <= 12))
    errors.push(new CardProcessorError('invalid_exp_month', 'expMonth', CARD_RULE_MESSAGES.invalidExpMonth));
  const currentYear = now.getUTCFullYear();
  const expYear = /^\d{2}$/.test(y) ? 2000 + Number(y) : /^\d{4}$/.test(y) ? Number(y) : NaN;
  if (!(expYear >= 2000 && expYear <= currentYear + MAX_YEARS_AHEAD))
    errors.push(new CardProcessorError('invalid_exp_year', 'expYear', CARD_RULE_MESSAGES.invalidExpYear));
  if (errors.length > 0) throw new CardFieldErrors(errors);
  if (isExpired(expMonth, expYear, now))
    throw new CardFieldErrors([new CardProcessorError('expired_card', 'expYear', CARD_RULE_MESSAGES.expiredCard)]);
  return { expMonth, expYear };
}

/** Past the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expYear < currentYear || (expYear === currentYear && expMonth < currentMonth);
}

/** 3 digits, 4 for American Express (card-validator's length check). */
export function checkCvc(value: string | undefined, length: 3 | 4): string {
  const cvc = value?.trim() ?? '';
  if (!/^\d+$/.test(cvc) || !cardValidator.cvv(cvc, length).isValid) {
    throw new CardProcessorError('invalid_cvc', 'cvc', CARD_RULE_MESSAGES.invalidCvc(length), length);
  }
  return cvc;
}

/** Every field of the add step at once, so the form shows every problem in one go. */
export function checkCard(details: CardDetails, now: Date): CheckedCard {
  const errors: CardProcessorError[] = [];
  let number: ReturnType<typeof checkCardNumber> | undefined;
  let expiry: ReturnType<typeof checkExpiry> | undefined;
  try {
    number = checkCardNumber(details.number);
  } catch (error) {
    if (!(error instanceof CardProcessorError)) throw error;
    errors.push(error);
  }
  try {
    expiry = checkExpiry(details.expMonth, details.expYear, now);
  } catch (error) {
    if (!(error instanceof CardFieldErrors)) throw error;
    errors.push(...error.errors);
  }
  try {
    // Without a known brand, a CVC of 3 or 4 digits passes here; the number's error is shown anyway.
    checkCvc(details.cvc, number?.cvcLength ?? ((details.cvc?.trim().length ?? 0) === 4 ? 4 : 3));
  } catch (error) {
    if (!(error instanceof CardProcessorError)) throw error;
    errors.push(error);
  }
  if (errors.length > 0 || !number || !expiry) throw new CardFieldErrors(errors);
  return {
    number: number.number,
    brand: number.brand,
    last4: number.number.slice(-4),
    ...expiry,
    cvcLength: number.cvcLength,
  };
}
