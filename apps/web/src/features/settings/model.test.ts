import { describe, expect, it } from 'vitest';
import {
  currentFactor,
  formatPhone,
  freshReauth,
  isReauthExpired,
  reauthFrom,
  settingsErrorField,
  toE164,
} from './model';

describe('settings rules', () => {
  it('turns an international phone number into E.164 with the contracts phone rule (R9)', () => {
    expect(toE164(' +1 (415) 555-2671 ')).toEqual({ ok: true, e164: '+14155552671' });
    expect(toE164('+44 20 7946 0958')).toEqual({ ok: true, e164: '+442079460958' });
    expect(toE164('+34 612 345 678')).toEqual({ ok: true, e164: '+34612345678' });
  });

  it('refuses national, impossible or garbled numbers with the rule message', () => {
    for (const value of ['(415) 555-2671', '+1 555', '+999 1234567', 'call me', '']) {
      expect(toE164(value)).toEqual({ ok: false, failure: { code: 'phone', message: 'Value is not a valid phone' } });
    }
  });

  it('refuses a 50,000-character phone input at once (its length is bounded before any pattern)', () => {
    const started = performance.now();
    expect(toE164('1'.repeat(50_000) + 'x')).toEqual({
      ok: false,
      failure: { code: 'phone', message: 'Value is not a valid phone' },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('formats a stored number for reading', () => {
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone(null)).toBe('');
  });

  it('names the factor sign-in asks for now (R2)', () => {
    const base = {
      preferredMfa: 'EMAIL_OTP',
      totpEnabled: false,
      phoneNumber: null,
      phoneNumberVerified: false,
    } as const;
    expect(currentFactor(base)).toBe('EMAIL_OTP');
    expect(
      currentFactor({ ...base, preferredMfa: 'SMS_OTP', phoneNumber: '+14155552671', phoneNumberVerified: true }),
    ).toBe('SMS_OTP');
    expect(
      currentFactor({ ...base, preferredMfa: 'SMS_OTP', phoneNumber: '+14155552671', phoneNumberVerified: false }),
    ).toBe('EMAIL_OTP');
    expect(currentFactor({ ...base, preferredMfa: 'SOFTWARE_TOKEN_MFA', totpEnabled: true })).toBe(
      'SOFTWARE_TOKEN_MFA',
    );
  });

  it('reuses a re-authentication until 30 s before it expires', () => {
    const reauth = reauthFrom({ reauthToken: 'r', expiresIn: 300 }, 1_000);
    expect(freshReauth(reauth, 1_000)).toBe('r');
    expect(freshReauth(reauth, 1_000 + 269_999)).toBe('r');
    expect(freshReauth(reauth, 1_000 + 270_000)).toBeNull();
    expect(freshReauth(null, 0)).toBeNull();
    expect(
      isReauthExpired({
        code: 'NotAuthorizedException',
        message: 'Please confirm it is you before changing your second factor.',
      }),
    ).toBe(true);
    expect(isReauthExpired({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' })).toBe(false);
  });

  it('puts identity errors on the field of the form they belong to', () => {
    expect(settingsErrorField('CodeMismatchException', 'code')).toBe('code');
    expect(settingsErrorField('NotAuthorizedException', 'password')).toBe('password');
    expect(settingsErrorField('CodeMismatchException', 'password')).toBeNull();
  });
});
