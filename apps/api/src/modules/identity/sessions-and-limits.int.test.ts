import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES, RefreshResponse } from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';

const PASSWORD = 'tangerine submarine velvet';
const NEW_PASSWORD = 'granite lighthouse orchard';

describe('identity: sessions, password changes and abuse limits', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  const authcheck = async (token: string) => (await k.post('/api/user/authcheck', {}, { token })).status;

  it('refreshes a session and revokes it on sign-out', async () => {
    await k.signUpConfirmed('ray@example.com', PASSWORD);
    const a = await k.signIn('ray@example.com', PASSWORD);
    const b = await k.signIn('ray@example.com', PASSWORD);
    const refreshed = RefreshResponse.parse(
      (await k.post('/api/identity/refresh', { refreshToken: a.refreshToken })).body,
    );
    expect(await authcheck(refreshed.authenticationResult.accessToken)).toBe(200);
    k.expectError(await k.post('/api/identity/refresh', { refreshToken: 'unknown' }), 400, 'NotAuthorizedException');

    expect((await k.post('/api/identity/sign-out', {}, { token: a.accessToken })).status).toBe(200);
    const revoked = k.expectError(
      await k.post('/api/identity/refresh', { refreshToken: a.refreshToken }),
      400,
      'NotAuthorizedException',
    );
    expect(revoked.message).toBe(IDENTITY_MESSAGES.en.refreshRevoked);
    expect(await authcheck(a.accessToken)).toBe(401);
    expect(await authcheck(refreshed.authenticationResult.accessToken)).toBe(401);
    // The other session is untouched by a local sign-out; a global one ends it too.
    expect(await authcheck(b.accessToken)).toBe(200);
    expect((await k.post('/api/identity/sign-out', { global: true }, { token: b.accessToken })).status).toBe(200);
    expect(await authcheck(b.accessToken)).toBe(401);
    expect((await k.post('/api/identity/refresh', { refreshToken: b.refreshToken })).status).toBe(400);
  });

  it('expires the access token after 15 minutes while the refresh token still works', async () => {
    await k.signUpConfirmed('sam@example.com', PASSWORD);
    const s = await k.signIn('sam@example.com', PASSWORD);
    k.clock.advance(15 * 60 * 1000 + 1000);
    expect(await authcheck(s.accessToken)).toBe(401);
    const refreshed = RefreshResponse.parse(
      (await k.post('/api/identity/refresh', { refreshToken: s.refreshToken })).body,
    );
    expect(await authcheck(refreshed.authenticationResult.accessToken)).toBe(200);
  });

  it('changes the password and signs out the other sessions', async () => {
    await k.signUpConfirmed('tom@example.com', PASSWORD);
    const here = await k.signIn('tom@example.com', PASSWORD);
    const elsewhere = await k.signIn('tom@example.com', PASSWORD);
    k.expectError(
      await k.post(
        '/api/identity/change-password',
        { previousPassword: 'wrong wrong wrong', proposedPassword: NEW_PASSWORD },
        { token: here.accessToken },
      ),
      400,
      'NotAuthorizedException',
      'password',
    );
    k.expectError(
      await k.post(
        '/api/identity/change-password',
        { previousPassword: PASSWORD, proposedPassword: 'qwerty123' },
        { token: here.accessToken },
      ),
      400,
      'InvalidPasswordException',
      'password',
    );
    k.expectError(
      await k.post(
        '/api/identity/change-password',
        { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD, confirmPassword: 'other' },
        { token: here.accessToken },
      ),
      400,
      'InvalidConfirmPasswordException',
      'confirmPassword',
    );
    expect(
      (
        await k.post(
          '/api/identity/change-password',
          { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD },
          { token: here.accessToken },
        )
      ).status,
    ).toBe(200);
    expect(await authcheck(here.accessToken)).toBe(200);
    expect(await authcheck(elsewhere.accessToken)).toBe(401);
    expect((await k.post('/api/identity/refresh', { refreshToken: elsewhere.refreshToken })).status).toBe(400);
    k.expectError(
      await k.post('/api/identity/sign-in', { email: 'tom@example.com', password: PASSWORD }, { ip: k.nextIp() }),
      400,
      'NotAuthorizedException',
    );
    await k.signIn('tom@example.com', NEW_PASSWORD);
  });

  it('resets a forgotten password with an emailed code and signs out every session', async () => {
    await k.signUpConfirmed('uli@example.com', PASSWORD);
    const s = await k.signIn('uli@example.com', PASSWORD);
    k.expectError(
      await k.post('/api/identity/forgot-password', { email: 'nobody@example.com' }),
      404,
      'UserNotFoundException',
    );
    expect((await k.post('/api/identity/forgot-password', { email: 'uli@example.com' })).status).toBe(200);
    const code = await k.latestCode('uli@example.com');
    const ip = k.nextIp();
    k.expectError(
      await k.post(
        '/api/identity/confirm-forgot-password',
        { email: 'uli@example.com', code: code === '111111' ? '222222' : '111111', password: NEW_PASSWORD },
        { ip },
      ),
      400,
      'CodeMismatchException',
      'code',
    );
    k.expectError(
      await k.post(
        '/api/identity/confirm-forgot-password',
        { email: 'uli@example.com', code, password: 'short' },
        { ip },
      ),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect(
      (
        await k.post(
          '/api/identity/confirm-forgot-password',
          { email: 'uli@example.com', code, password: NEW_PASSWORD },
          { ip },
        )
      ).status,
    ).toBe(200);
    expect(await authcheck(s.accessToken)).toBe(401);
    await k.signIn('uli@example.com', NEW_PASSWORD);
  });

  it('locks an account after 5 failed passwords for 15 minutes, then lets it in again', async () => {
    await k.signUpConfirmed('vera@example.com', PASSWORD);
    for (let i = 0; i < 5; i++) {
      k.expectError(
        await k.post(
          '/api/identity/sign-in',
          { email: 'vera@example.com', password: `wrong password ${i}` },
          { ip: k.nextIp() },
        ),
        400,
        'NotAuthorizedException',
      );
    }
    // Even the right password, from a fresh address, waits for the window to pass.
    const locked = await k.post(
      '/api/identity/sign-in',
      { email: 'vera@example.com', password: PASSWORD },
      { ip: k.nextIp() },
    );
    const body = k.expectError(locked, 429, 'LimitExceededException');
    expect(body.message).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(body.type).toBe('rate_limit_error');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    k.clock.advance(10 * 60 * 1000);
    expect(
      k.expectError(
        await k.post('/api/identity/sign-in', { email: 'vera@example.com', password: PASSWORD }, { ip: k.nextIp() }),
        429,
        'LimitExceededException',
      ).message,
    ).toBe('Too many failed attempts. Please try again in 5 minutes.');
    k.clock.advance(5 * 60 * 1000 + 1000);
    await k.signIn('vera@example.com', PASSWORD);
  });

  it('limits failures per client address across accounts, and counts wrong codes too', async () => {
    await k.signUpConfirmed('wes@example.com', PASSWORD);
    const ip = k.nextIp();
    for (let i = 0; i < 3; i++) {
      k.expectError(
        await k.post('/api/identity/sign-in', { email: `ghost${i}@example.com`, password: PASSWORD }, { ip }),
        404,
        'UserNotFoundException',
      );
    }
    const first = await k.post('/api/identity/sign-in', { email: 'wes@example.com', password: PASSWORD }, { ip });
    const session = (first.body as { session: string }).session;
    const code = await k.latestCode('wes@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    k.expectError(
      await k.post('/api/identity/respond-to-challenge', { challengeName: 'EMAIL_OTP', session, code: wrong }, { ip }),
      400,
      'CodeMismatchException',
    );
    k.expectError(
      await k.post('/api/identity/respond-to-challenge', { challengeName: 'EMAIL_OTP', session, code: wrong }, { ip }),
      400,
      'CodeMismatchException',
    );
    k.expectError(
      await k.post('/api/identity/respond-to-challenge', { challengeName: 'EMAIL_OTP', session, code }, { ip }),
      429,
      'LimitExceededException',
    );
    k.expectError(
      await k.post('/api/identity/sign-in', { email: 'wes@example.com', password: PASSWORD }, { ip }),
      429,
      'LimitExceededException',
    );
    // Another address is not blocked by this one; the account's own count (2 wrong codes) is under 5.
    const elsewhere = await k.post(
      '/api/identity/sign-in',
      { email: 'wes@example.com', password: PASSWORD },
      { ip: k.nextIp() },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('limits codes sent to one account to 5 per 15 minutes', async () => {
    await k.post('/api/identity/sign-up', { email: 'xan@example.com', password: PASSWORD });
    for (let i = 0; i < 4; i++)
      expect((await k.post('/api/identity/resend-code', { email: 'xan@example.com' })).status).toBe(200);
    const body = k.expectError(
      await k.post('/api/identity/resend-code', { email: 'xan@example.com' }),
      429,
      'TooManyRequestsException',
    );
    expect(body.message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes\.$/);
    k.clock.advance(15 * 60 * 1000 + 1000);
    expect((await k.post('/api/identity/resend-code', { email: 'xan@example.com' })).status).toBe(200);
  });
});
