import {
  MAX_AMOUNT_INTEGER_DIGITS,
  MAX_AMOUNT_MINOR,
  minorToDecimal,
  readDecimal,
  type DecimalProblem,
} from '@rampart/contracts';
import { assetDecimals, isAssetCode, type AssetCode } from './assets';

/**
 * Amounts travel as decimal strings ("100.00") and live inside as integer minor units (bigint) of the asset's
 * decimals. The arithmetic is the contracts' money module (never rounds: more decimals than the asset has are
 * refused; no JavaScript number ever carries money); what the ledger adds is the asset's decimals and its errors.
 */
export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

function decimalsOf(asset: AssetCode | string): number {
  if (!isAssetCode(asset)) throw new AmountError(`Unknown asset ${String(asset)}`);
  return assetDecimals(asset);
}

function problemMessage(problem: DecimalProblem, value: string, asset: string, decimals: number): string {
  switch (problem) {
    case 'negative':
      return 'The amount may not be negative';
    case 'tooLarge':
      return 'The amount is too large';
    case 'tooManyDecimals':
      return decimals === 0 ? `${asset} takes no decimals` : `${asset} takes at most ${decimals} decimals`;
    default:
      return `"${value}" is not a decimal amount`;
  }
}

/**
 * "100.5" USD -> 10050n, as on the wire: refuses more decimals than the asset has, more than 15 digits before the
 * point, exponents, spaces, superfluous zeros, and signs other than a leading minus (read only when allowed).
 */
export function toMinorUnits(
  value: string,
  asset: AssetCode | string,
  options: { allowNegative?: boolean } = {},
): bigint {
  const decimals = decimalsOf(asset);
  if (typeof value !== 'string') throw new AmountError('The amount must be a decimal string');
  const reading = readDecimal(value, {
    decimals,
    maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
    maxMinor: MAX_AMOUNT_MINOR,
    allowNegative: options.allowNegative,
  });
  if (!reading.ok) throw new AmountError(problemMessage(reading.problem, value, asset, decimals));
  return reading.minor;
}

/** 10050n USD -> "100.50": always exactly the asset's decimals. */
export function fromMinorUnits(value: bigint, asset: AssetCode | string): string {
  const decimals = decimalsOf(asset);
  if (typeof value !== 'bigint') throw new AmountError('Minor units must be a bigint');
  return minorToDecimal(value, decimals);
}
