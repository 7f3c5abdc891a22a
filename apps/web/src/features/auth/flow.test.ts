import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api';
import { createAuthStore } from '../../lib/session/auth-store';
import { createAuthFlow } from './flow';
import { readSessionValue, readToken } from '../../lib/session/session-storage';

type Handler = (body: Record<string, unknown>) => unknown;

function identityError(code: string, message: string, status = 400) {
  return new ApiError({
    message,
    code,
    type: 'api_error',
    kind: status === 401 ? 'authentication' : 'general',
    statusCode: status,
  });
}

const tokens = {
  loginMethod: 'EMAIL_OTP',
  authenticationResult: {
    accessToken: 'a',
    idToken: 'id',
    refreshToken: 'refresh',
    expiresIn: 900,
    tokenType: 'Bearer',
  },
};
const login = {
  userGuid: '00000000-0000-4000-8000-000000000001',
  email: 'new@example.com',
  token: 'login-token',
  tokenType: 'Bearer',
  expiresAt: '2030-01-01T00:00:00.000Z',
  expiresIn: 900,
  loginMethod: 'EMAIL_OTP',
};
const delivery = { deliveryMedium: 'EMAIL', destination: 'n***@e***.com', attributeName: 'email' };

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
  const flow = createAuthFlow({ api, auth, locale: () => 'es' });
  return { flow, auth, calls };
}

describe('the sign-in flow (document 1, section 4)', () => {
  it('an unknown user: sign-in first, then sign-up with the kept password, the code signs in, login token', async () => {
    const { flow, auth, calls } = setup({
      '/identity/sign-in': () => {
        throw identityError('UserNotFoundException', 'User does not exist.');
      },
      '/identity/sign-up': () => ({ userGuid: login.userGuid, userConfirmed: false, codeDeliveryDetails: delivery }),
      '/identity/confirm-sign-up': () => ({ ok: true, signIn: tokens }),
      '/auth-token-login-request': () => login,
      '/identity/user': () => ({ userGuid: login.userGuid, email: login.email }),
    });
    flow.setEmail('  New@Example.com ');
    expect(flow.store.getState().email).toBe('new@example.com');
    await expect(flow.signIn('correct horse battery')).resolves.toEqual({ type: 'step', step: 'signup' });
    expect(flow.keptPassword()).toBe('correct horse battery');
    await expect(flow.signUp('correct horse battery', 'correct horse battery')).resolves.toEqual({
      type: 'step',
      step: 'otpcode',
    });
    expect(calls.at(-1)).toEqual([
      '/identity/sign-up',
      {
        email: 'new@example.com',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        locale: 'es',
      },
    ]);
    // The sign-up code is this sign-in's emailed factor: no second code, the tokens are exchanged at once.
    await expect(flow.confirmSignUp('123456')).resolves.toEqual({ type: 'done' });
    expect(calls.find(([path]) => path === '/identity/confirm-sign-up')?.[1]).toEqual({
      email: 'new@example.com',
      code: '123456',
      password: 'correct horse battery',
    });
    expect(calls.map(([path]) => path)).not.toContain('/identity/respond-to-challenge');
    expect(flow.keptPassword()).toBeNull();
    expect(calls.find(([path]) => path === '/auth-token-login-request')?.[1]).toEqual({ token: 'id' });
    expect(readToken()).toBe('login-token');
    expect(readSessionValue('userGuid')).toBe(login.userGuid);
    expect(readSessionValue('refreshToken')).toBe('refresh');
    expect(auth.getState()).toMatchObject({
      loggedIn: true,
      auth2FAType: null,
      userInfo: { userGuid: login.userGuid },
    });
  });

  it('sends a new code for the emailed factor by signing in again with the kept password', async () => {
    const { flow, calls } = setup({
      '/identity/sign-in': vi
        .fn<Handler>()
        .mockImplementationOnce(() => ({
          challengeName: 'EMAIL_OTP',
          loginMethod: 'EMAIL_OTP',
          session: 's1',
          codeDeliveryDetails: delivery,
        }))
        .mockImplementationOnce(() => ({
          challengeName: 'EMAIL_OTP',
          loginMethod: 'EMAIL_OTP',
          session: 's2',
          codeDeliveryDetails: delivery,
        })),
      '/identity/respond-to-challenge': () => tokens,
      '/auth-token-login-request': () => login,
      '/identity/user': () => ({ userGuid: login.userGuid, email: login.email }),
    });
    flow.setEmail('a@example.com');
    await expect(flow.signIn('password1')).resolves.toEqual({ type: 'step', step: 'otp' });
    expect(flow.canResendChallenge()).toBe(true);
    await expect(flow.resendChallenge()).resolves.toBeNull();
    expect(flow.store.getState().challenge?.session).toBe('s2');
    await expect(flow.answerChallenge('654321')).resolves.toEqual({ type: 'done' });
    expect(calls.find(([path]) => path === '/identity/respond-to-challenge')?.[1]).toEqual({
      challengeName: 'EMAIL_OTP',
      session: 's2',
      code: '654321',
    });
  });

  it('an unconfirmed user: the code is sent again and the flow goes to the emailed code', async () => {
    const { flow, calls } = setup({
      '/identity/sign-in': () => {
        throw identityError('UserNotConfirmedException', 'User is not confirmed.');
      },
      '/identity/resend-code': () => ({ codeDeliveryDetails: delivery }),
    });
    flow.setEmail('a@example.com');
    await expect(flow.signIn('password1')).resolves.toEqual({ type: 'step', step: 'otpcode' });
    expect(calls.map(([path]) => path)).toEqual(['/identity/sign-in', '/identity/resend-code']);
  });

  it('an existing user on sign-up: sign-in is retried with the username lower-cased', async () => {
    const { flow, calls } = setup({
      '/identity/sign-up': () => {
        throw identityError('UsernameExistsException', 'An account with given email already exists');
      },
      '/identity/sign-in': () => ({
        challengeName: 'SOFTWARE_TOKEN_MFA',
        loginMethod: 'SOFTWARE_TOKEN_MFA',
        session: 's',
      }),
    });
    flow.setEmail('Old@Example.com');
    await expect(flow.signUp('password1', 'password1')).resolves.toEqual({ type: 'step', step: 'totp' });
    expect(calls.at(-1)).toEqual(['/identity/sign-in', { email: 'old@example.com', password: 'password1' }]);
  });

  it("an unknown second-factor challenge says 'Unhandled 2FA type authentication' and goes no further", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { flow, auth, calls } = setup({
      '/identity/sign-in': () => ({ challengeName: 'NEW_PASSWORD_REQUIRED', loginMethod: 'NONE', session: 's' }),
    });
    flow.setEmail('someone@example.com');
    await expect(flow.signIn('password1')).resolves.toEqual({
      type: 'general',
      message: 'Unhandled 2FA type authentication',
      key: 'unhandled2FAType',
    });
    expect(calls.map(([path]) => path)).toEqual(['/identity/sign-in']);
    expect(flow.store.getState().challenge).toBeNull();
    expect(auth.getState()).toMatchObject({ loggedIn: false });
    expect(error).toHaveBeenCalled();
  });

  it('puts the messages on their fields and the rest in general errors', async () => {
    const { flow } = setup({
      '/identity/sign-in': () => {
        throw identityError('NotAuthorizedException', 'Incorrect username or password.');
      },
      '/identity/sign-in-with-code': () => ({
        challengeName: 'CUSTOM_CHALLENGE',
        loginMethod: 'NONE',
        session: 'c',
        codeDeliveryDetails: delivery,
      }),
      '/identity/respond-to-challenge': () => {
        throw identityError('CodeMismatchException', 'Invalid verification code provided, please try again.');
      },
    });
    flow.setEmail('a@example.com');
    await expect(flow.signIn('wrong')).resolves.toEqual({
      type: 'fields',
      fields: { password: 'Incorrect username or password.' },
    });
    await expect(flow.signInWithCode()).resolves.toEqual({ type: 'step', step: 'email' });
    await expect(flow.answerChallenge('000000')).resolves.toEqual({
      type: 'fields',
      fields: { code: 'Invalid verification code provided, please try again.' },
    });
  });

  it('a failed token exchange leaves no session behind', async () => {
    const { flow, auth } = setup({
      '/identity/sign-in': () => tokens,
      '/auth-token-login-request': () => ({ errorMessage: 'The identity token is invalid or expired.' }),
    });
    flow.setEmail('a@example.com');
    // A reply without the login token: the pool's sign-in could not become a login (document 2, section 8).
    await expect(flow.signIn('password1')).resolves.toEqual({
      type: 'general',
      message: 'Fail to login with AWS',
      key: 'failToLogin',
    });
    expect(readSessionValue('refreshToken')).toBeNull();
    expect(auth.getState().loggedIn).toBe(false);
  });
});
