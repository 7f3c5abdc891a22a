import { describe, expect, it } from 'vitest';
import {
  CardFieldErrors,
  checkCard,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  isExpired,
  normaliseCardNumber,
} from './card-rules';
import { TEST_CARDS, testCardBehaviour } from './test-cards';
import { CardProcessorError } from './types';

const now = new Date('2030-06-15T12:00:00Z');

function fieldErrors(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof CardFieldErrors)
      return Object.fromEntries(error.errors.map((e) => [e.field, `${e.code}: ${e.message}`]));
    if (error instanceof CardProcessorError) return { [error.field]: `${error.code}: ${error.message}` };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('card rules of the processor sandbox', () => {
  it('detects the brand of the documented test numbers, all Luhn-valid', () => {
    expect(checkCardNumber('4242 4242 4242 4242')).toEqual({ number: '4242424242424242', brand: 'visa', cvcLength: 3 });
    expect(checkCardNumber('5555-5555-5555-4444').brand).toBe('mastercard');
    expect(checkCardNumber('3782 822463 10005')).toEqual({ number: '378282246310005', brand: 'amex', cvcLength: 4 });
    expect(checkCardNumber('6011111111111117').brand).toBe('discover');
    expect(checkCardNumber('3530111333300000').brand).toBe('jcb');
    expect(checkCardNumber('36227206271667').brand).toBe('diners');
    for (const number of Object.keys(TEST_CARDS)) expect(() => checkCardNumber(number), number).not.toThrow();
  });

  it('refuses a wrong Luhn check digit, letters, a short number and an empty one', () => {
    expect(fieldErrors(() => checkCardNumber('4242 4242 4242 4241'))).toEqual({
      number: 'invalid_number: Your card number is invalid.',
    });
    expect(fieldErrors(() => checkCardNumber('4242 4242 4242 424x'))).toEqual({
      number: 'invalid_number: Your card number is invalid.',
    });
    expect(fieldErrors(() => checkCardNumber('4242 4242'))).toEqual({
      number: 'invalid_number: Your card number is invalid.',
    });
    expect(fieldErrors(() => checkCardNumber('9999 9999 9999 9995'))).toEqual({
      number: 'invalid_number: Your card number is invalid.',
    });
    expect(fieldErrors(() => checkCardNumber('  '))).toEqual({ number: 'number_required: Enter your card number.' });
    expect(fieldErrors(() => checkCardNumber(undefined))).toEqual({
      number: 'number_required: Enter your card number.',
    });
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normaliseCardNumber('4242.4242')).toBeNull();
  });

  it('refuses brands the processor does not take (Maestro, Mir)', () => {
    expect(fieldErrors(() => checkCardNumber('6759649826438453'))).toEqual({
      number: 'unsupported_brand: This card brand is not supported.',
    });
    expect(fieldErrors(() => checkCardNumber('2200000000000004'))).toEqual({
      number: 'unsupported_brand: This card brand is not supported.',
    });
  });

  it('takes an expiry through the last day of its month, on the given clock, 2- or 4-digit years', () => {
    expect(checkExpiry('6', '30', now)).toEqual({ expMonth: 6, expYear: 2030 });
    expect(checkExpiry('06', '2030', now)).toEqual({ expMonth: 6, expYear: 2030 });
    expect(checkExpiry('12', '2050', now)).toEqual({ expMonth: 12, expYear: 2050 });
    expect(fieldErrors(() => checkExpiry('5', '2030', now))).toEqual({
      expYear: 'expired_card: Your card has expired.',
    });
    expect(fieldErrors(() => checkExpiry('12', '29', now))).toEqual({
      expYear: 'expired_card: Your card has expired.',
    });
    expect(fieldErrors(() => checkExpiry('13', '2031', now))).toEqual({
      expMonth: 'invalid_exp_month: Enter the expiry month (01 to 12).',
    });
    expect(fieldErrors(() => checkExpiry('0', '2031', now))).toHaveProperty('expMonth');
    expect(fieldErrors(() => checkExpiry('', '', now))).toEqual({
      expMonth: 'invalid_exp_month: Enter the expiry month (01 to 12).',
      expYear: 'invalid_exp_year: Enter a valid expiry year.',
    });
    expect(fieldErrors(() => checkExpiry('1', '2051', now))).toEqual({
      expYear: 'invalid_exp_year: Enter a valid expiry year.',
    });
    expect(fieldErrors(() => checkExpiry('1', '203', now))).toHaveProperty('expYear');
    expect(isExpired(6, 2030, new Date('2030-07-01T00:00:00Z'))).toBe(true);
    expect(isExpired(6, 2030, new Date('2030-06-30T23:59:59Z'))).toBe(false);
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(checkCvc('123', 3)).toBe('123');
    expect(checkCvc('1234', 4)).toBe('1234');
    expect(fieldErrors(() => checkCvc('1234', 3))).toEqual({ cvc: 'invalid_cvc: Enter the 3-digit security code.' });
    expect(fieldErrors(() => checkCvc('123', 4))).toEqual({ cvc: 'invalid_cvc: Enter the 4-digit security code.' });
    expect(fieldErrors(() => checkCvc('12a', 3))).toHaveProperty('cvc');
    expect(fieldErrors(() => checkCvc(undefined, 3))).toHaveProperty('cvc');
  });

  it('checks every field of the add step at once and keeps only digits of the number in memory', () => {
    expect(checkCard({ number: '3782 822463 10005', expMonth: '4', expYear: '31', cvc: '1234' }, now)).toEqual({
      number: '378282246310005',
      brand: 'amex',
      last4: '0005',
      expMonth: 4,
      expYear: 2031,
      cvcLength: 4,
    });
    expect(
      fieldErrors(() => checkCard({ number: '4242424242424241', expMonth: '13', expYear: '31', cvc: '1' }, now)),
    ).toEqual({
      number: 'invalid_number: Your card number is invalid.',
      expMonth: 'invalid_exp_month: Enter the expiry month (01 to 12).',
      cvc: 'invalid_cvc: Enter the 3-digit security code.',
    });
    expect(
      fieldErrors(() => checkCard({ number: '4242424242424242', expMonth: '4', expYear: '31', cvc: '1234' }, now)),
    ).toEqual({ cvc: 'invalid_cvc: Enter the 3-digit security code.' });
  });

  it('maps the documented numbers to their behaviour; any other valid number is an approved debit card', () => {
    expect(testCardBehaviour('4000000000000002')).toMatchObject({ addDecline: 'card_declined' });
    expect(testCardBehaviour('4000000000009995')).toMatchObject({ charge: 'insufficient_funds' });
    expect(testCardBehaviour('4111111111111111')).toMatchObject({ funding: 'credit' });
    expect(testCardBehaviour('4012888888881881')).toEqual({ funding: 'debit', charge: 'approve' });
  });
});
