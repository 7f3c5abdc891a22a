import { TRANSFER_METHODS, transferFee, type TransferMethodKey } from '@rampart/contracts';

/**
 * USD amounts in the SPA: decimal strings on the wire, bigint cents for arithmetic, never floats. The fee comes from
 * the shared catalogue (`transferFee`: the server charges the very same amount).
 */

const USD_DECIMALS = 2;
const MAX_INTEGER_DIGITS = 15;

export const AMOUNT_PROBLEMS = [
  'amountRequired',
  'amountNotNumber',
  'amountNotPositive',
  'amountDecimals',
  'amountTooLarge',
] as const;
export type AmountProblem = (typeof AMOUNT_PROBLEMS)[number];

/** The rules of the transfer amount (document 2, section 5: required, greater than 0; at most 2 decimals). */
export function amountProblem(text: string): AmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'amountRequired';
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 'amountNotNumber';
  const [, minus, whole = '', fraction = ''] = match;
  if (minus || !/[1-9]/.test(whole + fraction)) return 'amountNotPositive';
  if (fraction.length > USD_DECIMALS) return 'amountDecimals';
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return 'amountTooLarge';
  return null;
}

/** "12.5" → 1250n; null when the text is not a valid amount. */
export function toCents(text: string): bigint | null {
  if (amountProblem(text) !== null) return null;
  const [whole = '', fraction = ''] = text.trim().split('.');
  return BigInt(whole === '' ? '0' : whole) * 100n + BigInt((fraction + '00').slice(0, USD_DECIMALS));
}

/** 1250n → "12.50" (what Intl formats and the API reads). */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(USD_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The amount as sent to the API: trimmed, no superfluous zeros ("007.5" → "7.50"). */
export function normaliseAmount(text: string): string {
  const cents = toCents(text);
  return cents === null ? text.trim() : centsToDecimal(cents);
}

/** A fixed fee is known before the amount is (instant ACH, wires); a percentage is not. */
export function knownFee(method: TransferMethodKey): bigint | null {
  const fee = TRANSFER_METHODS[method].fee;
  return fee.kind === 'fixed' ? fee.cents : null;
}

export interface Breakdown {
  amount: bigint;
  fee: bigint;
  /** amount + fee: what a withdrawal takes from the balance, or what a card or bank is charged for a deposit. */
  total: bigint;
}

/** The lines shown before the user confirms; null when the amount is not valid yet. */
export function breakdown(method: TransferMethodKey, amountText: string): Breakdown | null {
  const amount = toCents(amountText);
  if (amount === null) return null;
  const fee = transferFee(method, amount);
  return { amount, fee, total: amount + fee };
}
