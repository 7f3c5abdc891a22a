import { describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '@rampart/contracts';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { authStepHref, mapAuthError, needsRefresh, newPasswordRuleKey, stepForChallenge } from './model';
import { sanitizeRedirect } from '../../lib/redirect';

describe('the locale files and the contracts', () => {
  it('the locale files carry every identity message, English word for word', () => {
    expect(en.identity).toEqual(IDENTITY_MESSAGES.en);
    expect(es.identity).toEqual(IDENTITY_MESSAGES.es);
  });
});

describe('identity error mapping (document 2, section 8)', () => {
  const error = (code: string, message = 'm', fields: Record<string, string> = {}) => ({ code, message, fields });

  it('sends UserNotFound to sign-up and UserNotConfirmed to the emailed code', () => {
    expect(mapAuthError(error('UserNotFoundException'))).toEqual({ kind: 'signup' });
    expect(mapAuthError(error('UserNotConfirmedException'))).toEqual({ kind: 'unconfirmed' });
  });

  it.each([
    ['UsernameExistsException', 'email'],
    ['InvalidConfirmPasswordException', 'confirmPassword'],
    ['InvalidPasswordException', 'password'],
    ['NotAuthorizedException', 'password'],
    ['ExpiredCodeException', 'code'],
    ['CodeMismatchException', 'code'],
  ])('puts %s on the %s field', (code, field) => {
    expect(mapAuthError(error(code, 'the message'))).toEqual({ kind: 'field', field, message: 'the message' });
  });

  it('puts validation messages on the fields they name, the rest is general', () => {
    expect(
      mapAuthError(error('validation_failed', 'validation error', { email: 'Value is not a valid email', other: 'x' })),
    ).toEqual({
      kind: 'fields',
      fields: { email: 'Value is not a valid email' },
    });
    expect(mapAuthError(error('LimitExceededException', 'Too many'))).toEqual({ kind: 'general', message: 'Too many' });
    expect(mapAuthError({ message: 'offline' })).toEqual({ kind: 'general', message: 'offline' });
  });

  it('maps each challenge to its step', () => {
    expect(stepForChallenge('SOFTWARE_TOKEN_MFA')).toBe('totp');
    expect(stepForChallenge('EMAIL_OTP')).toBe('otp');
    expect(stepForChallenge('SMS_OTP')).toBe('otp');
    expect(stepForChallenge('CUSTOM_CHALLENGE')).toBe('email');
  });

  it("carries the server's keys beside its English texts", () => {
    const codeUsed = { key: 'identity.codeUsed', params: { seconds: 4 } };
    expect(
      mapAuthError({ code: 'CodeMismatchException', message: 'Wait 4 seconds', fieldKeys: { code: codeUsed } }),
    ).toEqual({ kind: 'field', field: 'code', message: 'Wait 4 seconds', messageKey: codeUsed });
    const notAuthorized = { key: 'identity.notAuthorized', params: {} };
    expect(mapAuthError({ code: 'Other', message: 'No', messageKey: notAuthorized })).toEqual({
      kind: 'general',
      message: 'No',
      messageKey: notAuthorized,
    });
  });
});

describe('redirect sanitising', () => {
  it.each([
    ['/kyc', '/kyc'],
    ['/kyc?step=1#x', '/kyc?step=1#x'],
    [null, '/'],
    ['', '/'],
    ['kyc', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\tevil', '/'],
    ['/auth?redirect=/kyc', '/'],
    ['/v1/auth/password', '/'],
  ])('%s becomes %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });

  it('keeps the redirect on the step paths', () => {
    expect(authStepHref('password', '/kyc?a=1')).toBe('/v1/auth/password?redirect=%2Fkyc%3Fa%3D1');
    expect(authStepHref('otp', '/')).toBe('/v1/auth/otp');
    expect(authStepHref('otp', '//evil.example')).toBe('/v1/auth/otp');
  });
});

describe('refresh threshold and password length', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('refreshes within 2 minutes of expiry, not before', () => {
    expect(needsRefresh('2026-01-01T12:02:01Z', now)).toBe(false);
    expect(needsRefresh('2026-01-01T12:02:00Z', now)).toBe(true);
    expect(needsRefresh('2026-01-01T11:59:00Z', now)).toBe(true);
    expect(needsRefresh('not a date', now)).toBe(true);
    expect(needsRefresh(null, now)).toBe(true);
    expect(needsRefresh(undefined, now)).toBe(true);
  });

  it('counts code points, and refuses a new password of only blanks', () => {
    expect(newPasswordRuleKey('1234567')).toBe('identity.passwordTooShort');
    expect(newPasswordRuleKey('12345678')).toBeUndefined();
    expect(newPasswordRuleKey('🔒🔒🔒🔒🔒🔒🔒🔒')).toBeUndefined();
    expect(newPasswordRuleKey(' '.repeat(8))).toBe('identity.passwordBlank');
    expect(newPasswordRuleKey(' moss lantern ')).toBeUndefined();
  });
});
