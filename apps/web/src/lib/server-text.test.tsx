import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { SERVER_MESSAGE_KEYS, SERVER_MESSAGE_TEMPLATES } from '@rampart/contracts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { ApiError } from './api';
import i18n from './i18n';
import { translationOf, useServerText } from './server-text';

function at(texts: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

const reply = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ message: 'validation error', type: 'new_validation_error', kind: 'general', ...init });

describe('server messages by key (decision 075)', () => {
  it('has a Spanish text for every key the contracts export, and English only where the shell shows it unasked', () => {
    // The contracts' own bilingual catalogues (rules, KYC) are namespaces of their own, tested below.
    const inLocaleFiles = SERVER_MESSAGE_KEYS.filter((key) => translationOf(key) === key);
    expect(inLocaleFiles.filter((key) => typeof at(es, key) !== 'string')).toEqual([]);
    // The identity messages are also the sign-in page's own texts; the others' English is the reply's (decision 081).
    for (const key of inLocaleFiles) {
      if (key.startsWith('identity.')) expect(at(en, key), key).toBe(SERVER_MESSAGE_TEMPLATES[key]);
      else expect(at(en, key), key).toBeUndefined();
    }
  });

  it('shows the English of a keyed reply as the server wrote it, parameters and all', () => {
    const { result } = renderHook(() => useServerText());
    const minimum = 'The smallest trade here is 0.005 ETH';
    const error = reply({
      fields: { sellAmountTotal: minimum },
      fieldKeys: { sellAmountTotal: { key: 'ramp.amountBelowMinimum', params: { minimum: '0.005', ticker: 'ETH' } } },
    });
    expect(result.current.ofField(error, 'sellAmountTotal')).toBe(minimum);
  });

  describe('in Spanish', () => {
    beforeAll(async () => {
      await i18n.changeLanguage('es');
    });
    afterAll(async () => {
      await i18n.changeLanguage('en');
    });

    it('translates by key, whatever the English says', () => {
      const { result } = renderHook(() => useServerText());
      // An English wording this client never saw: the key alone decides.
      const error = reply({
        message: 'Your quote is stale, fetch another one',
        type: 'api_error',
        messageKey: { key: 'ramp.quoteExpired', params: {} },
      });
      expect(result.current.ofError(error)).toBe('Esta cotización ha caducado. Pide una nueva.');
    });

    it("puts a field's parameters in its Spanish text, and joins the list as errorText does", () => {
      const { result } = renderHook(() => useServerText());
      const minimum = 'The smallest trade here is 0.005 ETH';
      const error = reply({
        errors: [minimum, 'Asset FOO not supported!'],
        fields: { sellAmountTotal: minimum, buyAssetTicker: 'Asset FOO not supported!' },
        fieldKeys: { sellAmountTotal: { key: 'ramp.amountBelowMinimum', params: { minimum: '0.005', ticker: 'ETH' } } },
      });
      expect(result.current.ofField(error, 'sellAmountTotal')).toBe('El mínimo para esta operación es 0.005 ETH');
      expect(result.current.ofField(error, 'buyAssetTicker')).toBe('Asset FOO not supported!');
      expect(result.current.ofField(error, 'memo')).toBeUndefined();
      expect(result.current.ofError(error)).toBe(
        'El mínimo para esta operación es 0.005 ETH; Asset FOO not supported!',
      );
    });

    it('shows the English text of a key it does not know (a newer server)', () => {
      const { result } = renderHook(() => useServerText());
      const error = reply({ message: 'A brand new refusal', messageKey: { key: 'ramp.somethingNew', params: {} } });
      expect(result.current.ofError(error)).toBe('A brand new refusal');
    });

    it('shows identity messages by key with their parameters', () => {
      const { result } = renderHook(() => useServerText());
      const error = reply({
        message: 'This code was just used.',
        type: 'authentication_error',
        messageKey: { key: 'identity.codeUsed', params: { seconds: 3 } },
      });
      expect(result.current.ofError(error)).toBe(
        'Este código se acaba de usar. Espera 3 segundos hasta el siguiente código de tu aplicación de autenticación.',
      );
    });
  });
});
