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

/**
 * Formats an amount. Amounts travel as decimal strings ("100.00"): they are passed to Intl as
 * strings, so no float rounding happens on the way (Intl.NumberFormat v3).
 */
export function formatAmount(amount: string | number | bigint, options: AmountFormatOptions = {}): string {
  const { currency, ticker, lng } = options;
  const decimals = options.decimals ?? (currency ? 2 : undefined);
  const formatter = numberFormat(intlLocale(lng), currency, decimals);
  const value = typeof amount === 'string' ? (amount.trim() as `${number}`) : amount;
  const text = formatter.format(value);
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
