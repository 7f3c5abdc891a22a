import i18n from 'i18next';
import { currentLanguage } from './i18n';

/** Intl needs a region-neutral tag; en-US and es-US keep US conventions for a US-dollar product. */
function intlLocale(lng: string = currentLanguage(i18n)): string {
  return lng === 'es' ? 'es-US' : 'en-US';
}

export interface AmountFormatOptions {
  /** ISO currency (USD) for money; omitted for crypto assets, whose ticker is appended instead. */
  currency?: string;
  /** Decimals of the asset (USD 2). Amounts are shown with exactly this many. */
  decimals?: number;
  /** An asset ticker shown after the number when there is no ISO currency. */
  ticker?: string;
  lng?: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl's formatters are costly to make (a few ms each on a phone): one per locale, currency and decimals (decision 043). */
function numberFormat(locale: string, currency: string | undefined, decimals: number | undefined): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}|${decimals ?? ''}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : {}),
      ...(decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {}),
    });
    numberFormats.set(key, formatter);
  }
  return formatter;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * What Intl writes for a plain decimal ("-1234.5") with exactly `decimals` decimals in en-US and es-US, which share
 * the number conventions the app uses (comma groups of three, a point, "-" before "$"): rounded half away from zero
 * like Intl (halfExpand), digit by digit. Null for anything else (exponents, NaN, other currencies), which Intl
 * formats. Decision 045: the page's first Intl.NumberFormat costs 35-110 ms on the benchmark machine (the ICU data
 * it loads, whatever its options), a long task of its own on /trade/buy, whose amounts are all plain decimals.
 */
function formatPlainDecimal(value: string, decimals: number, currency: string | undefined): string | null {
  if (currency !== undefined && currency !== 'USD') return null;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) return null;
  const match = PLAIN_DECIMAL.exec(value);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  let digits = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* '5' */) digits += 1n;
  const text = digits.toString().padStart(decimals + 1, '0');
  const units = text.slice(0, text.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${currency ? '$' : ''}${units}${decimals > 0 ? `.${text.slice(text.length - decimals)}` : ''}`;
}

/**
 * Formats an amount. Amounts travel as decimal strings ("100.00"): they are passed to Intl as
 * strings, so no float rounding happens on the way (Intl.NumberFormat v3). A plain decimal with known decimals is
 * written without Intl, the same text (formatPlainDecimal).
 */
export function formatAmount(amount: string | number | bigint, options: AmountFormatOptions = {}): string {
  const { currency, ticker, lng } = options;
  const decimals = options.decimals ?? (currency ? 2 : undefined);
  const value = typeof amount === 'string' ? (amount.trim() as `${number}`) : amount;
  const plain =
    decimals !== undefined && typeof value !== 'number' ? formatPlainDecimal(String(value), decimals, currency) : null;
  const text = plain ?? numberFormat(intlLocale(lng), currency, decimals).format(value);
  return ticker && !currency ? `${text} ${ticker}` : text;
}

export function formatUsd(amount: string | number | bigint, lng?: string): string {
  return formatAmount(amount, { currency: 'USD', decimals: 2, lng });
}

export function formatDate(
  date: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  lng?: string,
): string {
  const value = date instanceof Date ? date : new Date(date);
  return new Intl.DateTimeFormat(intlLocale(lng), options).format(value);
}

export function formatDateTime(date: Date | string | number, lng?: string): string {
  return formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }, lng);
}

/** The Intl locale of the current language, for libraries that take one (react-aria's I18nProvider). */
export function currentIntlLocale(lng?: string): string {
  return intlLocale(lng);
}
