import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { IDENTITY_MESSAGES, identityMessage } from '@rampart/contracts';
import i18n from './i18n';
import { useIdentityText } from './identity-messages';

/** The identity service's words as the sign-in code screens show them (decision 056's `codeUsed`, with its seconds). */
describe('identity messages in the user language', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('a just-used authenticator code: the wait in seconds, in Spanish', () => {
    const { result } = renderHook(() => useIdentityText());
    expect(result.current(identityMessage('codeUsed', { seconds: 17 }))).toBe(
      identityMessage('codeUsed', { seconds: 17 }, 'es'),
    );
    expect(result.current(IDENTITY_MESSAGES.en.codeUsed.replace('{{seconds}}', '3'))).toBe(
      'Este código se acaba de usar. Espera 3 segundos hasta el siguiente código de tu aplicación de autenticación.',
    );
  });
});
