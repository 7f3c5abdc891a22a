import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import i18n, { currentLanguage } from './i18n';

describe('the current language', () => {
  it('follows the chosen language while its texts are still loading', () => {
    // i18next resolves to the English fallback until the Spanish bundle arrives.
    expect(currentLanguage({ language: 'es', resolvedLanguage: 'en' })).toBe('es');
    expect(currentLanguage({ language: 'es-MX', resolvedLanguage: 'en' })).toBe('es');
  });
  it('falls back to the resolved language, then English, for anything unsupported', () => {
    expect(currentLanguage({ language: 'fr', resolvedLanguage: 'en' })).toBe('en');
    expect(currentLanguage({ language: 'cimode' })).toBe('en');
    expect(currentLanguage({})).toBe('en');
  });
});

describe('a sentence that ends with a value', () => {
  it('ends with one full stop when the value brings its own (a Spanish time ends in "a.m.")', async () => {
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces(['money', 'trade']);
    const time = formatDateTime('2026-11-28T13:39:00.000Z', 'es');
    expect(time).toMatch(/m\.$/);
    const text = i18n.t('money:assetWithdraw.requested', { amount: '20 USDS', time });
    expect(text).toBe(`Tu retiro de 20 USDS está en camino. Se enviará antes del ${time}`);
    expect(i18n.t('money:withdraw.confirmBy', { date: time })).toBe(`Confírmalo antes del ${time}`);
    // An ellipsis and a sentence whose value brings no full stop are left as they are.
    expect(i18n.t('trade:order.placing')).toBe('Realizando tu pedido…');
    await i18n.changeLanguage('en');
    const english = formatDateTime('2026-11-28T13:39:00.000Z', 'en');
    expect(i18n.t('money:assetWithdraw.requested', { amount: '20 USDS', time: english })).toBe(
      `Your withdrawal of 20 USDS is on its way. It will be sent by ${english}.`,
    );
  });
});
