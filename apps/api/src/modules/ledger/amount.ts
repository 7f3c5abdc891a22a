import { assetDecimals, isAssetCode, type AssetCode } from './assets';

/**
 * Amounts travel as decimal strings ("100.00") and live inside as integer minor units (bigint) of the asset's
 * decimals. This is the only place that converts between the two; it never rounds: an amount with more decimals
 * than the asset has is refused, not rounded. No JavaScript number ever carries money.
 */
export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

// Optional minus, digits without superfluous leading zeros, optional fraction of at least one digit.
const DECIMAL = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/;
/** Far beyond any real amount, well inside bigint (int8 holds about 9.2e18 minor units). */
const MAX_INTEGER_DIGITS = 15;

function decimalsOf(asset: AssetCode | string): number {
  if (!isAssetCode(asset)) throw new AmountError(`Unknown asset ${String(asset)}`);
  return assetDecimals(asset);
}

/** "100.5" USD -> 10050n. Refuses more decimals than the asset has, exponents, spaces, signs other than a leading minus. */
export function toMinorUnits(
  value: string,
  asset: AssetCode | string,
  options: { allowNegative?: boolean } = {},
): bigint {
  const decimals = decimalsOf(asset);
  if (typeof value !== 'string') throw new AmountError('The amount must be a decimal string');
  const match = DECIMAL.exec(value);
  if (!match) throw new AmountError(`"${value}" is not a decimal amount`);
  const [, minus, whole = '0', fraction = ''] = match;
  if (minus && !options.allowNegative) throw new AmountError('The amount may not be negative');
  if (whole.length > MAX_INTEGER_DIGITS) throw new AmountError('The amount is too large');
  if (fraction.length > decimals) {
    throw new AmountError(
      decimals === 0 ? `${asset} takes no decimals` : `${asset} takes at most ${decimals} decimals`,
    );
  }
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return minus ? -minor : minor;
}

/** 10050n USD -> "100.50": always exactly the asset's decimals. */
export function fromMinorUnits(value: bigint, asset: AssetCode | string): string {
  const decimals = decimalsOf(asset);
  if (typeof value !== 'bigint') throw new AmountError('Minor units must be a bigint');
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
