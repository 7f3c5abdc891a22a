import { TRANSFER_METHODS, minorToDecimal, type TransferMethodKey, type TransferMethodKind } from '@rampart/contracts';
import type { TFunction } from 'i18next';
import { currentIntlLocale, formatUsd } from '../../lib/format';
import { centsToDecimal } from './money-math';

/** The catalogue's fee in words: "0.5% fee", "$15.00 fee" (document 2, section 9). */
export function feeText(t: TFunction<'money'>, key: TransferMethodKey): string {
  const fee = TRANSFER_METHODS[key].fee;
  if (fee.kind === 'fixed') return t('methods.feeFixed', { amount: formatUsd(centsToDecimal(fee.cents)) });
  const percent = new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(
    // Basis points as the decimal fraction Intl's percent style reads: 50 → "0.0050" (no float on the way).
    minorToDecimal(fee.basisPoints, 4) as `${number}`,
  );
  return t('methods.feePercent', { percent });
}

/** The method's name in the user's language, by key or by kind (a transfer names both). */
export function methodName(t: TFunction<'money'>, method: TransferMethodKey | TransferMethodKind | string): string {
  const key = (Object.keys(TRANSFER_METHODS) as TransferMethodKey[]).find(
    (k) => k === method || TRANSFER_METHODS[k].kind === method,
  );
  return key ? t(`methods.${key}.name`) : method;
}
