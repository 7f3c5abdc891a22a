import { describe, expect, it } from 'vitest';
import { currentLanguage } from './i18n';

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
