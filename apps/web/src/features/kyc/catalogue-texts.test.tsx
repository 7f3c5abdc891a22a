import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { SERVER_MESSAGE_KEYS } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { translationOf, useServerText } from '../../lib/server-text';
import './catalogue-texts';

describe('the contracts’ KYC and rule catalogues as i18next namespaces', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('finds every key of those catalogues in Spanish', () => {
    const contractKeys = SERVER_MESSAGE_KEYS.filter((key) => translationOf(key) !== key);
    expect(contractKeys.length).toBeGreaterThan(40);
    expect(contractKeys.filter((key) => !i18n.exists(translationOf(key), { lng: 'es' }))).toEqual([]);
  });

  it('shows a keyed rule or KYC message in the catalogue’s own Spanish, parameters and all', () => {
    const { result } = renderHook(() => useServerText());
    expect(
      result.current.ofMessage('Value must be less than 30 characters', { key: 'rule.maxLength', params: { n: 30 } }),
    ).toBe('El valor debe tener menos de 30 caracteres');
    expect(result.current.ofMessage('Must be older than 18.', { key: 'kyc.olderThan18' })).toBe(
      'Debes ser mayor de 18 años.',
    );
    expect(result.current.ofMessage('The document has expired.', { key: 'kyc.documentExpired' })).toBe(
      'El documento ha caducado.',
    );
  });
});
