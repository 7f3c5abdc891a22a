import {
  MAX_AMOUNT_INTEGER_DIGITS,
  TRANSFER_METHODS,
  minorToDecimal,
  readDecimal,
  transferFee,
  type DecimalProblem,
  type DecimalRules,
  type TransferMethodKey,
} from '@rampart/contracts';

/**
 * USD amounts in the SPA: decimal strings on the wire, bigint cents for arithmetic, never floats. The conversions are
 * the contracts' money module (`readDecimal`, `minorToDecimal`); here, the rules of a typed amount and the fee, from the
 * shared catalogue (`transferFee`: the server charges the very same amount).
 */

const USD_DECIMALS = 2;

/** A typed USD amount: spaces, leading zeros, ".5" and "5." are fine; zero and negatives are not. */
const TYPED_USD: DecimalRules = {
  decimals: USD_DECIMALS,
  maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
  refuseZero: true,
  form: 'typed',
};

export const AMOUNT_PROBLEMS = [
  'amountRequired',
  'amountNotNumber',
  'amountNotPositive',
  'amountDecimals',
  'amountTooLarge',
] as const;
export type AmountProblem = (typeof AMOUNT_PROBLEMS)[number];

const AMOUNT_PROBLEM_OF: Record<DecimalProblem, AmountProblem> = {
  empty: 'amountRequired',
  notDecimal: 'amountNotNumber',
  negative: 'amountNotPositive',
  zero: 'amountNotPositive',
  tooManyDecimals: 'amountDecimals',
  tooLarge: 'amountTooLarge',
};

/** The rules of the transfer amount (document 2, section 5: required, greater than 0; at most 2 decimals). */
export function amountProblem(text: string): AmountProblem | null {
  const reading = readDecimal(text, TYPED_USD);
  return reading.ok ? null : AMOUNT_PROBLEM_OF[reading.problem];
}

/** "12.5" → 1250n; null when the text is not a valid amount. */
export function toCents(text: string): bigint | null {
  const reading = readDecimal(text, TYPED_USD);
  return reading.ok ? reading.minor : null;
}

/** 1250n → "12.50" (what Intl formats and the API reads). */
export function centsToDecimal(cents: bigint): string {
  return minorToDecimal(cents, USD_DECIMALS);
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
