import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, ChallengeReply } from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../kits/identity-test-kit';

const PASSWORD = 'juniper quartz meadow';
const NEW_PASSWORD = 'saffron tundra beacon';

/**
 * The sign-in and code checks (decision 038), beyond what the identity suites already cover (password lockout,
 * per-address limits, TOTP replay, the sign-up code's expiry, authcheck after sign-out): the emailed sign-in and reset
 * codes are single use and expire, wrong codes lock the account like wrong passwords, and a revoked token is refused
 * by the routes that matter, not only by /user/authcheck.
 */
describe('hardening: sign-in, codes and token revocation', () => {
  let k: IdentityKit;
  let users = 0;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  async function newUser(): Promise<string> {
    users += 1;
    const email = `hardening-${users}@example.com`;
    await k.signUpConfirmed(email, PASSWORD);
    return email;
  }

  /** The password step: the EMAIL_OTP challenge's session, and the code mailed for it. */
  async function challenge(email: string, ip = k.nextIp()) {
    const res = await k.post('/api/identity/sign-in', { email, password: PASSWORD }, { ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { session: ChallengeReply.parse(res.body).session, code: await k.latestCode(email) };
  }

  const answer = (session: string, code: string, ip = k.nextIp()) =>
    k.post('/api/identity/respond-to-challenge', { challengeName: 'EMAIL_OTP', session, code }, { ip });

  /** A refusal that gave no tokens. */
  function expectRefusedWithoutTokens(res: { status: number; body: unknown }) {
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    ApiErrorBody.parse(res.body);
    expect(JSON.stringify(res.body)).not.toContain('accessToken');
  }

  /** The signed-in routes a stolen token would be used on: all must refuse a revoked one. */
  async function expectTokenRefused(accessToken: string) {
    for (const [method, url] of [
      ['GET', '/api/identity/user'],
      ['POST', '/api/primetrust/account/get'],
      ['POST', '/api/transfers/list'],
      ['POST', '/api/identity/change-password'],
    ] as const) {
      const res = await k.call(method, url, {
        token: accessToken,
        ...(method === 'POST'
          ? {
              body: url.endsWith('change-password')
                ? { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD }
                : {},
            }
          : {}),
      });
      k.expectError(res, 401, 'unauthenticated');
    }
  }

  it('accepts an emailed sign-in code once: the same session and code again, or the code on a new challenge, are refused', async () => {
    const email = await newUser();
    const first = await challenge(email);
    expect((await answer(first.session, first.code)).status).toBe(200);
    expectRefusedWithoutTokens(await answer(first.session, first.code));
    const second = await challenge(email);
    if (second.code !== first.code) expectRefusedWithoutTokens(await answer(second.session, first.code));
    expect((await answer(second.session, second.code)).status).toBe(200);
  });

  it('refuses an emailed sign-in code after 10 minutes, and a challenge session after it expired', async () => {
    const email = await newUser();
    const { session, code } = await challenge(email);
    k.clock.advance(10 * 60 * 1000 + 1000);
    expectRefusedWithoutTokens(await answer(session, code));
  });

  it('locks sign-in after five wrong codes for an account, even with the right code and password, then lets it in again', async () => {
    const email = await newUser();
    const { session, code } = await challenge(email);
    const wrong = code === '000000' ? '000001' : '000000';
    // Each wrong code from another address: the account's own count is what locks it.
    for (let i = 0; i < 5; i++) {
      const res = await answer(session, wrong);
      expect([400, 429], JSON.stringify(res.body)).toContain(res.status);
    }
    const locked = await answer(session, code);
    k.expectError(locked, 429, 'LimitExceededException');
    k.expectError(
      await k.post('/api/identity/sign-in', { email, password: PASSWORD }, { ip: k.nextIp() }),
      429,
      'LimitExceededException',
    );
    k.clock.advance(15 * 60 * 1000 + 1000);
    await k.signIn(email, PASSWORD);
  });

  it('accepts a password reset code once and refuses it after 10 minutes', async () => {
    const email = await newUser();
    expect((await k.post('/api/identity/forgot-password', { email })).status).toBe(200);
    const code = await k.latestCode(email);
    expect(
      (
        await k.post(
          '/api/identity/confirm-forgot-password',
          { email, code, password: NEW_PASSWORD },
          { ip: k.nextIp() },
        )
      ).status,
    ).toBe(200);
    // Replayed, it cannot set the password again (to the attacker's choice).
    expectRefusedWithoutTokens(
      await k.post('/api/identity/confirm-forgot-password', { email, code, password: PASSWORD }, { ip: k.nextIp() }),
    );
    k.expectError(
      await k.post('/api/identity/sign-in', { email, password: PASSWORD }, { ip: k.nextIp() }),
      400,
      'NotAuthorizedException',
    );

    expect((await k.post('/api/identity/forgot-password', { email })).status).toBe(200);
    const late = await k.latestCode(email);
    k.clock.advance(10 * 60 * 1000 + 1000);
    k.expectError(
      await k.post(
        '/api/identity/confirm-forgot-password',
        { email, code: late, password: PASSWORD },
        { ip: k.nextIp() },
      ),
      400,
      'ExpiredCodeException',
      'code',
    );
    await k.signIn(email, NEW_PASSWORD);
  });

  it('accepts a code of the emailed-code sign-in (custom challenge) once', async () => {
    const email = await newUser();
    const res = await k.post('/api/identity/sign-in-with-code', { email }, { ip: k.nextIp() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { session, challengeName } = ChallengeReply.parse(res.body);
    const code = await k.latestCode(email);
    expect(
      (await k.post('/api/identity/respond-to-challenge', { challengeName, session, code }, { ip: k.nextIp() })).status,
    ).toBe(200);
    expectRefusedWithoutTokens(
      await k.post('/api/identity/respond-to-challenge', { challengeName, session, code }, { ip: k.nextIp() }),
    );
  });

  it('refuses a signed-out access token and its refresh token on every signed-in route', async () => {
    const email = await newUser();
    const tokens = await k.signIn(email, PASSWORD);
    expect((await k.call('GET', '/api/identity/user', { token: tokens.accessToken })).status).toBe(200);
    expect((await k.post('/api/identity/sign-out', {}, { token: tokens.accessToken })).status).toBe(200);
    await expectTokenRefused(tokens.accessToken);
    k.expectError(
      await k.post('/api/identity/refresh', { refreshToken: tokens.refreshToken }),
      400,
      'NotAuthorizedException',
    );
    // Signing out again with the dead token is refused too (nothing to revoke twice).
    k.expectError(await k.post('/api/identity/sign-out', {}, { token: tokens.accessToken }), 401, 'unauthenticated');
  });

  it('refuses the other sessions after a password change, and every session after a reset, on every signed-in route', async () => {
    const email = await newUser();
    const here = await k.signIn(email, PASSWORD);
    const elsewhere = await k.signIn(email, PASSWORD);
    expect(
      (
        await k.post(
          '/api/identity/change-password',
          { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD },
          { token: here.accessToken },
        )
      ).status,
    ).toBe(200);
    await expectTokenRefused(elsewhere.accessToken);
    k.expectError(
      await k.post('/api/identity/refresh', { refreshToken: elsewhere.refreshToken }),
      400,
      'NotAuthorizedException',
    );
    expect((await k.call('GET', '/api/identity/user', { token: here.accessToken })).status).toBe(200);

    // A reset (the user lost the password, or fears a thief has it) ends every session, this one included.
    expect((await k.post('/api/identity/forgot-password', { email })).status).toBe(200);
    const code = await k.latestCode(email);
    expect(
      (await k.post('/api/identity/confirm-forgot-password', { email, code, password: PASSWORD }, { ip: k.nextIp() }))
        .status,
    ).toBe(200);
    await expectTokenRefused(here.accessToken);
    k.expectError(
      await k.post('/api/identity/refresh', { refreshToken: here.refreshToken }),
      400,
      'NotAuthorizedException',
    );
  });
});
