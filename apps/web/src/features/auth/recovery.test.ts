import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api';
import { createAuthStore } from '../../lib/session/auth-store';
import { isAuthStep } from './auth-steps';
import { codeSentText } from './code-destination';
import { createAuthFlow } from './flow';
import { recoveryError, resendResetCode, resetPassword, sendResetCode, validateReset } from './recovery';

type Handler = (body: Record<string, unknown>) => unknown;

function identityError(code: string, message: string) {
  return new ApiError({ message, code, type: 'api_error', kind: 'general', statusCode: 400 });
}

const delivery = { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' } as const;

function setup(handlers: Record<string, Handler>) {
  const calls: [string, Record<string, unknown>][] = [];
  const api: ApiClient = {
    request: (async (path: string, options: { body?: Record<string, unknown> } = {}) => {
      const body = options.body ?? {};
      calls.push([path, body]);
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      return handler(body);
    }) as ApiClient['request'],
  };
  const auth = createAuthStore({ authcheck: vi.fn() });
  const flow = createAuthFlow({ api, auth, locale: () => 'en' });
  return { deps: { api, flow }, flow, auth, calls };
}

const NEW_PASSWORD = 'a brand new passphrase';

describe('the password reset', () => {
  it('has its own /v1/auth steps, which the route accepts', () => {
    expect(isAuthStep('forgot')).toBe(true);
    expect(isAuthStep('reset')).toBe(true);
    expect(isAuthStep('forgotten')).toBe(false);
  });

  it('sends the code to the lower-cased email and goes on to the reset step', async () => {
    const { deps, flow, calls } = setup({ '/identity/forgot-password': () => ({ codeDeliveryDetails: delivery }) });
    await expect(sendResetCode(deps, ' A@Example.com ')).resolves.toEqual({ type: 'step', step: 'reset' });
    expect(calls).toEqual([['/identity/forgot-password', { email: 'a@example.com' }]]);
    expect(flow.store.getState()).toMatchObject({ email: 'a@example.com', delivery });
  });

  it('keeps an unknown email on the email field rather than offering to sign up', async () => {
    const { deps } = setup({
      '/identity/forgot-password': () => {
        throw identityError('UserNotFoundException', 'User does not exist.');
      },
    });
    await expect(sendResetCode(deps, 'nobody@example.com')).resolves.toEqual({
      type: 'fields',
      fields: { email: 'User does not exist.' },
    });
  });

  it('sets the new password, then signs in with it and continues into the second factor (R2)', async () => {
    const { deps, flow, auth, calls } = setup({
      '/identity/forgot-password': () => ({ codeDeliveryDetails: delivery }),
      '/identity/confirm-forgot-password': () => ({ ok: true }),
      '/identity/sign-in': () => ({
        challengeName: 'SMS_OTP',
        loginMethod: 'SMS_OTP',
        session: 's',
        codeDeliveryDetails: {
          ...delivery,
          deliveryMedium: 'SMS',
          destination: '+*******2671',
          attributeName: 'phone_number',
        },
      }),
    });
    await sendResetCode(deps, 'a@example.com');
    const outcome = await resetPassword(deps, {
      code: ' 123456 ',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(outcome).toEqual({ changed: true, result: { type: 'step', step: 'otp' } });
    expect(calls.slice(1)).toEqual([
      [
        '/identity/confirm-forgot-password',
        { email: 'a@example.com', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ],
      ['/identity/sign-in', { email: 'a@example.com', password: NEW_PASSWORD }],
    ]);
    expect(auth.getState().auth2FAType).toBe('SMS_OTP');
    expect(flow.store.getState().challenge).toMatchObject({ name: 'SMS_OTP', session: 's' });
  });

  it('puts CodeMismatch and ExpiredCode on the code, InvalidPassword on the password, and changes nothing', async () => {
    for (const [code, message, field] of [
      ['CodeMismatchException', 'Invalid verification code provided, please try again.', 'code'],
      ['ExpiredCodeException', 'Invalid code provided, please request a code again.', 'code'],
      [
        'InvalidPasswordException',
        'This password is one of the most common passwords. Please choose a less common one.',
        'password',
      ],
      ['InvalidConfirmPasswordException', 'Password and Confirm password do not match', 'confirmPassword'],
    ] as const) {
      const { deps, flow, calls } = setup({
        '/identity/confirm-forgot-password': () => {
          throw identityError(code, message);
        },
      });
      flow.setEmail('a@example.com');
      await expect(
        resetPassword(deps, { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ).resolves.toEqual({
        changed: false,
        result: { type: 'fields', fields: { [field]: message } },
      });
      expect(calls.map(([path]) => path)).toEqual(['/identity/confirm-forgot-password']);
    }
  });

  it('changed but the sign-in failed: back to the password step with the reason', async () => {
    const { deps, flow } = setup({
      '/identity/confirm-forgot-password': () => ({ ok: true }),
      '/identity/sign-in': () => {
        throw identityError('LimitExceededException', 'Too many failed attempts. Please try again in 15 minutes.');
      },
    });
    flow.setEmail('a@example.com');
    await expect(
      resetPassword(deps, { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).resolves.toEqual({
      changed: true,
      result: { type: 'step', step: 'password' },
      message: 'Too many failed attempts. Please try again in 15 minutes.',
    });
  });

  it('without an email (a reload) starts again at the forgot step', async () => {
    const { deps, calls } = setup({});
    await expect(
      resetPassword(deps, { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).resolves.toEqual({
      changed: false,
      result: { type: 'step', step: 'forgot' },
    });
    await expect(resendResetCode(deps)).resolves.toEqual({ type: 'step', step: 'forgot' });
    expect(calls).toEqual([]);
  });

  it('sends a new code on request', async () => {
    const { deps, flow, calls } = setup({ '/identity/forgot-password': () => ({ codeDeliveryDetails: delivery }) });
    flow.setEmail('a@example.com');
    await expect(resendResetCode(deps)).resolves.toBeNull();
    expect(calls).toEqual([['/identity/forgot-password', { email: 'a@example.com' }]]);
  });

  it('checks the form before sending: the code, the length (R3) and the confirmation', () => {
    expect(validateReset({ code: '12', password: 'short', confirmPassword: 'other' })).toEqual({
      code: 'identity.codeFormat',
      password: 'identity.passwordTooShort',
      confirmPassword: 'identity.passwordsDoNotMatch',
    });
    expect(validateReset({ code: '123456', password: '', confirmPassword: '' })).toEqual({
      password: 'identity.passwordRequired',
    });
    expect(validateReset({ code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toEqual({});
  });

  it('anything else is a general error', () => {
    expect(recoveryError(new Error('offline'))).toEqual({ type: 'general', message: 'offline' });
    expect(
      recoveryError(
        identityError('LimitExceededException', 'Too many codes requested. Please try again in 5 minutes.'),
      ),
    ).toEqual({
      type: 'general',
      message: 'Too many codes requested. Please try again in 5 minutes.',
    });
  });
});

describe('where the code went', () => {
  it('says the masked destination, and that an SMS code came by text message', () => {
    expect(
      codeSentText(
        'otp',
        { deliveryMedium: 'SMS', destination: '+*******2671', attributeName: 'phone_number' },
        'SMS_OTP',
      ),
    ).toEqual({
      key: 'auth.codeSentBySms',
      params: { destination: '+*******2671' },
    });
    expect(codeSentText('otp', delivery, 'EMAIL_OTP')).toEqual({
      key: 'auth.codeSentTo',
      params: { destination: 'a***@e***.com' },
    });
    expect(codeSentText('reset', delivery)).toEqual({
      key: 'auth.codeSentTo',
      params: { destination: 'a***@e***.com' },
    });
  });

  it('without a destination: the medium of the challenge; nothing for the authenticator', () => {
    expect(codeSentText('otp', null, 'SMS_OTP')).toEqual({ key: 'auth.codeSentToPhone' });
    expect(codeSentText('otp', null, 'EMAIL_OTP')).toEqual({ key: 'auth.codeSentToEmail' });
    expect(codeSentText('totp', null, 'SOFTWARE_TOKEN_MFA')).toBeNull();
  });
});
