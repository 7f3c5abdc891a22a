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
    expect(formatAmount('12345678901234.123456', { decimals: 6, ticker: 'USDS' })).toBe('12,345,678,901,234.123456 USDS');
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
