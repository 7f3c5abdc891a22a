import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChallengeReply, IDENTITY_MESSAGES } from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';
import { CHALLENGE_SECONDS } from './tokens';

const PASSWORD = 'purple monkey dishwasher 42';

// Document 2, section 8's 'no login session' and 'challenge failed' (docs/decisions/066-auth-errors-and-settlement-texts.md).
describe('identity: the answer to a challenge without its login session, or refused for another reason than its code', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it("answers 'no login session' to a forged or expired challenge session, and 'challenge failed' to another challenge than the pending one", async () => {
    await k.signUpConfirmed('nina@example.com', PASSWORD);
    const ip = k.nextIp();
    const challenge = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in', { email: 'nina@example.com', password: PASSWORD }, { ip })).body,
    );
    const code = await k.latestCode('nina@example.com');

    const forged = k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'EMAIL_OTP', session: 'forged', code },
        { ip },
      ),
      400,
      'no_login_session',
    );
    expect(forged).toMatchObject({ message: IDENTITY_MESSAGES.en.noLoginSession, type: 'authentication_error' });
    expect(forged.message).toBe('no login session');

    const failed = k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'SMS_OTP', session: challenge.session, code },
        { ip },
      ),
      400,
      'challenge_failed',
    );
    expect(failed.message).toBe('challenge failed');

    k.clock.advance((CHALLENGE_SECONDS + 1) * 1000);
    const expired = k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'EMAIL_OTP', session: challenge.session, code },
        { ip },
      ),
      400,
      'no_login_session',
    );
    expect(expired.message).toBe('no login session');
  });
});

// Document 2, section 8 puts NotAuthorizedException on the password field for the sign-in and password forms; a refusal
// of a token is filed under the request's own field, or none (docs/decisions/105-mail-on-second-factor-change.md).
describe('identity: the field a refused token is filed under', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('files an unknown refresh token under refreshToken, never under a password the request does not have', async () => {
    const refused = k.expectError(
      await k.post('/api/identity/refresh', { refreshToken: 'x' }),
      400,
      'NotAuthorizedException',
    );
    expect(refused.message).toBe(IDENTITY_MESSAGES.en.invalidRefreshToken);
    expect(refused.errors?.fields).toEqual({ refreshToken: IDENTITY_MESSAGES.en.invalidRefreshToken });
  });

  it('files an invalid identity token of the login-token exchange under token', async () => {
    const res = await k.post('/api/auth-token-login-request', { token: 'x' });
    const refused = k.expectError(res, 400, 'NotAuthorizedException');
    expect(refused.message).toBe(IDENTITY_MESSAGES.en.tokenInvalid);
    expect(refused.errors?.fields).toEqual({ token: IDENTITY_MESSAGES.en.tokenInvalid });
  });

  it('files a missing re-authentication under reauthToken, and an already confirmed sign-up under no field', async () => {
    await k.signUpConfirmed('omar@example.com', PASSWORD);
    const s = await k.signIn('omar@example.com', PASSWORD);

    const phone = k.expectError(
      await k.post('/api/identity/user/attributes', { phoneNumber: '+14155552671' }, { token: s.accessToken }),
      400,
      'NotAuthorizedException',
    );
    expect(phone.message).toBe(IDENTITY_MESSAGES.en.reauthRequired);
    expect(phone.errors?.fields).toEqual({ reauthToken: IDENTITY_MESSAGES.en.reauthRequired });

    const preference = k.expectError(
      await k.post(
        '/api/identity/mfa-preference',
        { preferred: 'EMAIL_OTP', reauthToken: 'x' },
        { token: s.accessToken },
      ),
      400,
      'NotAuthorizedException',
    );
    expect(preference.errors?.fields).toEqual({ reauthToken: IDENTITY_MESSAGES.en.reauthRequired });

    const confirmed = k.expectError(
      await k.post('/api/identity/confirm-sign-up', { email: 'omar@example.com', code: '123456' }),
      400,
      'NotAuthorizedException',
    );
    expect(confirmed.message).toBe(IDENTITY_MESSAGES.en.alreadyConfirmed);
    expect(confirmed.errors?.fields ?? {}).toEqual({});
  });

  it('still files a wrong password under password, on sign-in and on re-authentication', async () => {
    await k.signUpConfirmed('pia@example.com', PASSWORD);
    k.expectError(
      await k.post(
        '/api/identity/sign-in',
        { email: 'pia@example.com', password: 'not the password' },
        { ip: k.nextIp() },
      ),
      400,
      'NotAuthorizedException',
      'password',
    );
    const s = await k.signIn('pia@example.com', PASSWORD);
    k.expectError(
      await k.post(
        '/api/identity/reauthenticate',
        { password: 'not the password' },
        { token: s.accessToken, ip: k.nextIp() },
      ),
      400,
      'NotAuthorizedException',
      'password',
    );
  });
});
