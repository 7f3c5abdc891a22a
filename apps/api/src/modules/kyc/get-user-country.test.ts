import { describe, expect, it } from 'vitest';
import { countryFromAcceptLanguage } from './get-user-country';

describe('countryFromAcceptLanguage (R23)', () => {
  it('takes the first region subtag by descending q', () => {
    expect(countryFromAcceptLanguage('es-MX,es;q=0.9')).toBe('MX');
    expect(countryFromAcceptLanguage('en;q=0.5, de-AT;q=0.8, fr-CA;q=0.9')).toBe('CA');
    expect(countryFromAcceptLanguage('zh-Hant-TW')).toBe('TW');
  });

  it('names no country for bare languages, unknown regions, restricted countries or q=0', () => {
    expect(countryFromAcceptLanguage(undefined)).toBeNull();
    expect(countryFromAcceptLanguage('es, en')).toBeNull();
    expect(countryFromAcceptLanguage('en-XX')).toBeNull();
    expect(countryFromAcceptLanguage('ar-AE, ru-RU')).toBeNull();
    expect(countryFromAcceptLanguage('en-US;q=0, es-ES;q=0.1')).toBe('ES');
    expect(countryFromAcceptLanguage('es-419')).toBeNull();
  });
});
