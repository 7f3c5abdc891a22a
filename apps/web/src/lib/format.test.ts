import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { formatAmount, formatDate, formatUsd } from './format';

describe('format', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('formats USD with 2 decimals from a decimal string', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('0.1', 'es')).toMatch(/0\.10/);
  });

  it('keeps every digit of a long decimal string', () => {
    expect(formatAmount('12345678901234.123456', { decimals: 6, ticker: 'USDS' })).toBe(
      '12,345,678,901,234.123456 USDS',
    );
  });

  it('writes plain decimals as Intl does, without making a formatter (decision 045)', () => {
    const values = [
      '0',
      '-0',
      '0.004',
      '-0.004',
      '0.005',
      '-0.005',
      '0.125',
      '12',
      '999.995',
      '999.994',
      '1000',
      '-1234.5',
      '1234567.891',
      '007.10',
      '99999999999999999999.999',
      '1.5',
      '2.5',
      '0.0000005',
    ];
    for (const [lng, locale] of [
      ['en', 'en-US'],
      ['es', 'es-US'],
    ] as const) {
      for (const value of values) {
        for (const decimals of [0, 2, 6]) {
          const intl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          });
          expect(formatAmount(value, { decimals, ticker: 'XRP', lng })).toBe(
            `${intl.format(value as `${number}`)} XRP`,
          );
        }
        const usd = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatUsd(value, lng)).toBe(usd.format(value as `${number}`));
        expect(formatUsd(BigInt(value.split('.')[0] ?? '0'), lng)).toBe(usd.format(BigInt(value.split('.')[0] ?? '0')));
      }
    }
    // No formatter is made for them (a formatter not made above: the cache would hide one).
    const NumberFormat = Intl.NumberFormat;
    Intl.NumberFormat = function () {
      throw new Error('a formatter was made');
    } as unknown as typeof Intl.NumberFormat;
    try {
      expect(formatAmount('-1234.5678', { decimals: 3, ticker: 'XRP', lng: 'es' })).toBe('-1,234.568 XRP');
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
    // Not plain decimals: Intl's own text.
    expect(formatUsd('1e3')).toBe('$1,000.00');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
    expect(formatAmount('12.5', { currency: 'EUR' })).toBe('€12.50');
  });

  it('follows the current language', async () => {
    await i18n.changeLanguage('es');
    expect(formatDate(new Date(2024, 0, 15), { dateStyle: 'long' })).toBe('15 de enero de 2024');
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('rule messages namespace', () => {
  it('translates a rule failure by code in both languages', async () => {
    expect(i18n.t('rules:minLength', { n: 8 })).toBe('Value must be at least 8 characters');
    await i18n.changeLanguage('es');
    expect(i18n.t('rules:required')).not.toBe('A value is required');
    await i18n.changeLanguage('en');
  });
});
