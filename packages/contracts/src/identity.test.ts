import { describe, expect, it } from 'vitest';
import {
  IDENTITY_ERROR_FIELDS,
  IDENTITY_MESSAGES,
  IdentityEmail,
  identityMessage,
  loginMethodOf,
  newPasswordProblem,
  passwordLengthProblem,
  SignInResponse,
} from './identity';

describe('identity contracts', () => {
  it('maps challenge names to login method types, the custom challenge to NONE', () => {
    expect(loginMethodOf('SOFTWARE_TOKEN_MFA')).toBe('SOFTWARE_TOKEN_MFA');
    expect(loginMethodOf('EMAIL_OTP')).toBe('EMAIL_OTP');
    expect(loginMethodOf('SMS_OTP')).toBe('SMS_OTP');
    expect(loginMethodOf('CUSTOM_CHALLENGE')).toBe('NONE');
    expect(loginMethodOf(undefined)).toBe('NONE');
  });

  it('checks password length in code points, 8 to 256 (R3)', () => {
    expect(passwordLengthProblem('1234567')).toBe('passwordTooShort');
    expect(passwordLengthProblem('12345678')).toBeUndefined();
    expect(passwordLengthProblem('🔒'.repeat(8))).toBeUndefined();
    expect(passwordLengthProblem('x'.repeat(256))).toBeUndefined();
    expect(passwordLengthProblem('x'.repeat(257))).toBe('passwordTooLong');
    expect(IDENTITY_MESSAGES.en.passwordTooShort).toBe('Password should contain at least 8 characters');
  });

  it('refuses a new password of only blanks, and keeps spaces among other characters', () => {
    for (const blank of [
      ' '.repeat(8),
      '\t'.repeat(9),
      ' \n\r\t '.repeat(2),
      '\u00a0\u2003\u3000\u2009\u200b\ufeff'.repeat(2),
    ]) {
      expect(newPasswordProblem(blank)).toBe('passwordBlank');
    }
    expect(newPasswordProblem('   ')).toBe('passwordBlank');
    expect(newPasswordProblem('  moss   lantern  ')).toBeUndefined();
    expect(newPasswordProblem('short')).toBe('passwordTooShort');
    expect(newPasswordProblem('x'.repeat(257))).toBe('passwordTooLong');
    expect(IDENTITY_MESSAGES.en.passwordBlank).toBe('Password cannot be only spaces');
    expect(IDENTITY_MESSAGES.es.passwordBlank).toBe('La contraseña no puede estar formada solo por espacios');
  });

  it('lower-cases and trims emails, and names the missing one', () => {
    expect(IdentityEmail.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(IdentityEmail.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(IdentityEmail.safeParse('jane@').error?.issues[0]?.message).toBe('Value is not a valid email');
  });

  it('keeps the field mapping of document 2, section 8', () => {
    expect(IDENTITY_ERROR_FIELDS).toEqual({
      UsernameExistsException: 'username',
      InvalidConfirmPasswordException: 'confirmPassword',
      InvalidPasswordException: 'password',
      NotAuthorizedException: 'password',
      ExpiredCodeException: 'code',
      CodeMismatchException: 'code',
    });
  });

  it('has every message in Spanish, with the same placeholders', () => {
    for (const [key, text] of Object.entries(IDENTITY_MESSAGES.en)) {
      const es = IDENTITY_MESSAGES.es[key as keyof typeof IDENTITY_MESSAGES.en];
      expect(es.length).toBeGreaterThan(0);
      expect(es.match(/\{\{\w+\}\}/g) ?? []).toEqual(text.match(/\{\{\w+\}\}/g) ?? []);
    }
    expect(identityMessage('tooManyFailures', { minutes: 7 }, 'es')).toBe(
      'Demasiados intentos fallidos. Inténtalo de nuevo dentro de 7 minutos.',
    );
  });

  it('tells a challenge reply from a token reply', () => {
    const challenge = SignInResponse.parse({ challengeName: 'EMAIL_OTP', loginMethod: 'EMAIL_OTP', session: 's' });
    expect('challengeName' in challenge).toBe(true);
    expect(SignInResponse.safeParse({ loginMethod: 'NONE' }).success).toBe(false);
  });
});
