/**
 * Money arithmetic, written once for the API, the ledger and the SPA: amounts travel as decimal strings ("100.50")
 * and are counted as integer minor units (bigint) of a number of decimals (2 for USD cents, 6 for USDC, 8 for
 * prices). No JavaScript number ever carries money, and nothing here rounds: text with more decimals than the unit
 * has is refused, not rounded.
 */

/** Digits before the point that an amount may have: far beyond any real amount, and int8 holds about 9.2e18. */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;
/** The most minor units an amount may count: the ledger keeps amounts and balances as PostgreSQL's bigint. */
export const MAX_AMOUNT_MINOR = 2n ** 63n - 1n;
/** The ledger's refusals that a client may meet as a message (keyed `ledger.<name>`: server-messages.ts). */
export const LEDGER_MESSAGES = {
  /** A movement that would take an account's balance beyond MAX_AMOUNT_MINOR: refused, nothing moves. */
  balanceTooLarge: 'This amount would take the balance beyond what an account can hold',
} as const;
/** The default limit of readDecimal and decimalToMinor: prices and amounts of up to 18 decimals still fit a bigint. */
export const MAX_DECIMAL_INTEGER_DIGITS = 18;

/**
 * Why a text is not an amount, in the order the checks run: a text with two faults reports the first.
 * `empty` is the empty text (after trimming, for typed text); `zero` is reported only under `refuseZero`.
 */
export type DecimalProblem = 'empty' | 'notDecimal' | 'negative' | 'zero' | 'tooManyDecimals' | 'tooLarge';

export interface DecimalRules {
  /** Places of the minor unit: 2 reads "1.5" as 150n. */
  decimals: number;
  /** Most digits before the point, leading zeros not counted (default MAX_DECIMAL_INTEGER_DIGITS). */
  maxIntegerDigits?: number;
  /** Most minor units, in absolute value (an amount: MAX_AMOUNT_MINOR); more is the problem `tooLarge`. */
  maxMinor?: bigint;
  /** Read a leading minus; otherwise a minus is the problem `negative`. */
  allowNegative?: boolean;
  /** Refuse an amount that is zero ("0", "0.00", "-0") as `zero`. */
  refuseZero?: boolean;
  /**
   * `wire` (the default): exactly "0", "12" or "12.50", as the API sends and reads them: no spaces, no superfluous
   * leading zeros, digits on both sides of a point. `typed`: what a person types into an amount field: surrounding
   * spaces, leading zeros ("007.5"), and a point with digits on one side only (".5", "5.").
   */
  form?: 'wire' | 'typed';
}

export type DecimalReading = { ok: true; minor: bigint } | { ok: false; problem: DecimalProblem };

const WIRE = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/;
const TYPED = /^(-)?(\d*)(?:\.(\d*))?$/;

/** Reads decimal text as minor units under `rules`, or says why it is not an amount. */
export function readDecimal(text: string, rules: DecimalRules): DecimalReading {
  if (typeof text !== 'string') return { ok: false, problem: 'notDecimal' };
  const typed = rules.form === 'typed';
  const value = typed ? text.trim() : text;
  if (value === '') return { ok: false, problem: 'empty' };
  const match = (typed ? TYPED : WIRE).exec(value);
  const [, minus, whole = '', fraction = ''] = match ?? [];
  if (!match || whole + fraction === '') return { ok: false, problem: 'notDecimal' };
  if (minus && !rules.allowNegative) return { ok: false, problem: 'negative' };
  if (rules.refuseZero && !/[1-9]/.test(whole + fraction)) return { ok: false, problem: 'zero' };
  if (fraction.length > rules.decimals) return { ok: false, problem: 'tooManyDecimals' };
  const digits = whole.replace(/^0+/, '');
  if (digits.length > (rules.maxIntegerDigits ?? MAX_DECIMAL_INTEGER_DIGITS)) return { ok: false, problem: 'tooLarge' };
  const minor =
    BigInt(digits || '0') * 10n ** BigInt(rules.decimals) + BigInt(fraction.padEnd(rules.decimals, '0') || '0');
  if (rules.maxMinor !== undefined && minor > rules.maxMinor) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor: minus ? -minor : minor };
}

/**
 * "100.5" with 2 decimals -> 10050n. Null unless the text is a non-negative decimal as on the wire (no sign, spaces,
 * exponent or superfluous zeros) with at most `decimals` decimals and 18 digits before the point.
 */
export function decimalToMinor(text: string, decimals: number): bigint | null {
  const reading = readDecimal(text, { decimals });
  return reading.ok ? reading.minor : null;
}

/** 10050n with 2 decimals -> "100.50": always exactly `decimals` places, a leading minus when negative. */
export function minorToDecimal(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}
