import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticatedReply,
  ChallengeReply,
  CodeDeliveryResponse,
  DevOutboxResponse,
  IDENTITY_MESSAGES,
  LoginTokenError,
  LoginTokenResponse,
  SignUpResponse,
  UserInfo,
} from '@rampart/contracts';
import { buildApp } from '../../app';
import { systemClock } from '../../lib/clock';
import { createServices } from '../../services';
import { testConfig } from '../../../test/helpers';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';

const M = IDENTITY_MESSAGES.en;
const PASSWORD = 'correct horse battery staple';

describe('identity: sign-up, confirmation and sign-in', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('signs up with a lower-cased email, emails a code in the language asked for, and confirms it', async () => {
    const ip = k.nextIp();
    const res = await k.post(
      '/api/identity/sign-up',
      { email: '  Ana.Garcia@Example.COM ', password: PASSWORD },
      { ip, headers: { 'accept-language': 'fr;q=0.9, es-MX;q=0.8, en;q=0.5' } },
    );
    expect(res.status).toBe(200);
    const body = SignUpResponse.parse(res.body);
    expect(body).toMatchObject({
      userConfirmed: false,
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***.com' },
    });
    const outbox = DevOutboxResponse.parse((await k.call('GET', '/api/dev/outbox?to=ana.garcia@example.com')).body);
    expect(outbox.messages).toHaveLength(1);
    expect(outbox.messages[0]).toMatchObject({
      channel: 'email',
      locale: 'es',
      template: 'sign_up',
      subject: 'Tu código de verificación de Rampart',
    });
    expect(outbox.messages[0]?.html).toContain('<p style="font-size:28px');

    const early = await k.post(
      '/api/identity/sign-in',
      { email: 'ana.garcia@example.com', password: PASSWORD },
      { ip },
    );
    k.expectError(early, 400, 'UserNotConfirmedException');

    const code = await k.latestCode('ana.garcia@example.com');
    const ok = await k.post('/api/identity/confirm-sign-up', { email: 'ANA.garcia@example.com', code }, { ip });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    // Document 2, section 8: confirming again says NotAuthorized (the sign-up status check relies on it).
    k.expectError(
      await k.post('/api/identity/confirm-sign-up', { email: 'ana.garcia@example.com', code }, { ip }),
      400,
      'NotAuthorizedException',
    );
    k.expectError(
      await k.post('/api/identity/resend-code', { email: 'ana.garcia@example.com' }),
      400,
      'InvalidParameterException',
    );
  });

  it('answers the sign-up status check: unknown, unconfirmed, wrong and replaced codes', async () => {
    const ip = k.nextIp();
    k.expectError(
      await k.post('/api/identity/confirm-sign-up', { email: 'nobody@example.com', code: '000000' }, { ip }),
      404,
      'UserNotFoundException',
    );
    await k.post('/api/identity/sign-up', { email: 'bo@example.com', password: PASSWORD }, { ip });
    const first = await k.latestCode('bo@example.com');
    const wrong = first === '000000' ? '000001' : '000000';
    const mismatch = k.expectError(
      await k.post('/api/identity/confirm-sign-up', { email: 'bo@example.com', code: wrong }, { ip }),
      400,
      'CodeMismatchException',
      'code',
    );
    expect(mismatch.message).toBe(M.codeMismatch);

    const resent = await k.post('/api/identity/resend-code', { email: 'bo@example.com' }, { ip });
    expect(CodeDeliveryResponse.parse(resent.body).codeDeliveryDetails.deliveryMedium).toBe('EMAIL');
    const second = await k.latestCode('bo@example.com');
    if (second !== first) {
      // The replaced code is no longer valid: the user is told to ask for a new one.
      k.expectError(
        await k.post('/api/identity/confirm-sign-up', { email: 'bo@example.com', code: first }, { ip }),
        400,
        'ExpiredCodeException',
        'code',
      );
    }
    expect(
      (await k.post('/api/identity/confirm-sign-up', { email: 'bo@example.com', code: second }, { ip })).status,
    ).toBe(200);
    k.expectError(
      await k.post('/api/identity/resend-code', { email: 'nobody@example.com' }),
      404,
      'UserNotFoundException',
    );
  });

  it('expires an emailed code after 10 minutes', async () => {
    const ip = k.nextIp();
    await k.post('/api/identity/sign-up', { email: 'late@example.com', password: PASSWORD }, { ip });
    const code = await k.latestCode('late@example.com');
    k.clock.advance(10 * 60 * 1000 + 1000);
    k.expectError(
      await k.post('/api/identity/confirm-sign-up', { email: 'late@example.com', code }, { ip }),
      400,
      'ExpiredCodeException',
      'code',
    );
  });

  it('applies the password rules of R3 with the exception name the SPA maps to the field', async () => {
    const short = k.expectError(
      await k.post('/api/identity/sign-up', { email: 'p1@example.com', password: 'Ab1!xyz' }),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect(short.message).toBe('Password should contain at least 8 characters');
    const common = k.expectError(
      await k.post('/api/identity/sign-up', { email: 'p1@example.com', password: 'Password123' }),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect(common.message).toBe(M.passwordTooCommon);
    const tooLong = k.expectError(
      await k.post('/api/identity/sign-up', { email: 'p1@example.com', password: 'x'.repeat(257) }),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect(tooLong.message).toBe(M.passwordTooLong);
    const mismatch = k.expectError(
      await k.post('/api/identity/sign-up', {
        email: 'p1@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD + '!',
      }),
      400,
      'InvalidConfirmPasswordException',
      'confirmPassword',
    );
    expect(mismatch.message).toBe('Password and Confirm password do not match');
    // Long passphrases are welcome.
    expect(
      (await k.post('/api/identity/sign-up', { email: 'p1@example.com', password: 'a long passphrase '.repeat(14) }))
        .status,
    ).toBe(200);
    const exists = k.expectError(
      await k.post('/api/identity/sign-up', { email: 'P1@Example.com', password: PASSWORD }),
      400,
      'UsernameExistsException',
      'username',
    );
    expect(exists.message).toBe('An account with given email already exists');
  });

  it('refuses malformed input with 4xx and the catalogue messages', async () => {
    const missing = await k.post('/api/identity/sign-up', { password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'validation_failed',
      errors: { fields: { email: 'Email is required' } },
    });
    const bad = await k.post('/api/identity/sign-up', { email: 'not-an-email', password: PASSWORD });
    expect(bad.body).toMatchObject({ errors: { fields: { email: 'Value is not a valid email' } } });
    const noPassword = await k.post('/api/identity/sign-in', { email: 'a@example.com', password: '' });
    expect(noPassword.body).toMatchObject({ errors: { fields: { password: 'Password is required' } } });
    const badCode = await k.post('/api/identity/confirm-sign-up', { email: 'a@example.com', code: '12ab' });
    expect(badCode.body).toMatchObject({ errors: { fields: { code: 'Value is not a valid TOTP number' } } });
    const badChallenge = await k.post('/api/identity/respond-to-challenge', {
      challengeName: 'PASSWORD',
      session: 'x',
      code: '123456',
    });
    expect(badChallenge.status).toBe(400);
  });

  it('creates exactly one user from 20 concurrent sign-ups of one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        k.post(
          '/api/identity/sign-up',
          { email: i % 2 ? 'Race@Example.com' : 'race@example.com', password: PASSWORD },
          { ip: k.nextIp() },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const others = results.filter((r) => r.status !== 200);
    expect(others).toHaveLength(19);
    for (const r of others) k.expectError(r, 400, 'UsernameExistsException', 'username');
    const { rows } = await k.t.db.query<{ n: bigint }>(
      "SELECT count(*) AS n FROM users WHERE email = 'race@example.com'",
    );
    expect(rows[0]?.n).toBe(1n);
    const mails = DevOutboxResponse.parse((await k.call('GET', '/api/dev/outbox?to=race@example.com')).body);
    expect(mails.messages).toHaveLength(1);
  });

  it('signs in with the password and the emailed second factor (R2), then exchanges the id token for the login token', async () => {
    await k.signUpConfirmed('cara@example.com', PASSWORD);
    const ip = k.nextIp();
    k.expectError(
      await k.post('/api/identity/sign-in', { email: 'cara@example.com', password: 'wrong password!' }, { ip }),
      400,
      'NotAuthorizedException',
      'password',
    );
    k.expectError(
      await k.post('/api/identity/sign-in', { email: 'nobody@example.com', password: PASSWORD }, { ip }),
      404,
      'UserNotFoundException',
    );

    const first = await k.post('/api/identity/sign-in', { email: 'CARA@example.com', password: PASSWORD }, { ip });
    const challenge = ChallengeReply.parse(first.body);
    expect(challenge).toMatchObject({
      challengeName: 'EMAIL_OTP',
      loginMethod: 'EMAIL_OTP',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL' },
    });
    const code = await k.latestCode('cara@example.com');
    k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'SOFTWARE_TOKEN_MFA', session: challenge.session, code },
        { ip },
      ),
      400,
      'challenge_failed',
    );
    k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'EMAIL_OTP', session: 'forged', code },
        { ip },
      ),
      400,
      'no_login_session',
    );
    const done = await k.post(
      '/api/identity/respond-to-challenge',
      { challengeName: 'EMAIL_OTP', session: challenge.session, code },
      { ip },
    );
    const tokens = AuthenticatedReply.parse(done.body);
    expect(tokens.loginMethod).toBe('EMAIL_OTP');
    // The code was used: a second answer with it is refused.
    k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'EMAIL_OTP', session: challenge.session, code },
        { ip },
      ),
      400,
      'ExpiredCodeException',
      'code',
    );

    const exchange = await k.post('/api/auth-token-login-request', { token: tokens.authenticationResult.idToken });
    expect(exchange.status).toBe(200);
    const login = LoginTokenResponse.parse(exchange.body);
    const user = UserInfo.parse(
      (await k.call('GET', '/api/identity/user', { token: tokens.authenticationResult.accessToken })).body,
    );
    expect(login).toMatchObject({
      userGuid: user.userGuid,
      email: 'cara@example.com',
      tokenType: 'Bearer',
      expiresIn: 900,
      loginMethod: 'EMAIL_OTP',
    });
    expect(new Date(login.expiresAt).getTime()).toBeGreaterThan(k.clock.now().getTime());

    expect(await k.post('/api/user/authcheck', {}, { token: login.token })).toMatchObject({
      status: 200,
      body: { valid: true },
    });
    expect(await k.post('/api/user/authcheck', {}, { token: tokens.authenticationResult.accessToken })).toMatchObject({
      status: 200,
      body: { valid: true },
    });
    for (const token of [undefined, 'garbage', tokens.authenticationResult.idToken]) {
      const res = await k.post('/api/user/authcheck', {}, token ? { token } : {});
      expect(res).toMatchObject({
        status: 401,
        body: { valid: false, code: 'unauthenticated', type: 'authentication_error' },
      });
    }
  });

  it('answers every failure of the login-token exchange with errorMessage', async () => {
    for (const body of [{ token: 'not.a.jwt' }, {}]) {
      const res = await k.post('/api/auth-token-login-request', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(LoginTokenError.parse(res.body).errorMessage.length).toBeGreaterThan(0);
    }
    const res = await k.post('/api/auth-token-login-request', { token: 'not.a.jwt' });
    expect(LoginTokenError.parse(res.body)).toMatchObject({
      code: 'NotAuthorizedException',
      errorMessage: M.tokenInvalid,
    });
    // An access token is not an id token.
    await k.signUpConfirmed('dan@example.com', PASSWORD);
    const tokens = await k.signIn('dan@example.com', PASSWORD);
    expect((await k.post('/api/auth-token-login-request', { token: tokens.accessToken })).status).toBe(400);
  });

  it('signs in with an emailed code (custom challenge) and sets the application name ramp', async () => {
    await k.signUpConfirmed('eve@example.com', PASSWORD);
    const ip = k.nextIp();
    k.expectError(
      await k.post('/api/identity/sign-in-with-code', { email: 'nobody@example.com' }, { ip }),
      404,
      'UserNotFoundException',
    );
    const start = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in-with-code', { email: 'eve@example.com' }, { ip })).body,
    );
    expect(start).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE', loginMethod: 'NONE' });
    const outbox = DevOutboxResponse.parse((await k.call('GET', '/api/dev/outbox?to=eve@example.com')).body);
    expect(outbox.messages[0]?.template).toBe('sign_in');
    const done = AuthenticatedReply.parse(
      (
        await k.post(
          '/api/identity/respond-to-challenge',
          { challengeName: 'CUSTOM_CHALLENGE', session: start.session, code: await k.latestCode('eve@example.com') },
          { ip },
        )
      ).body,
    );
    expect(done.loginMethod).toBe('NONE');
    const user = UserInfo.parse(
      (await k.call('GET', '/api/identity/user', { token: done.authenticationResult.accessToken })).body,
    );
    expect(user.applicationName).toBe('ramp');
  });

  it('lets an unconfirmed user recover by the emailed code flow only after confirming', async () => {
    await k.post('/api/identity/sign-up', { email: 'fay@example.com', password: PASSWORD });
    k.expectError(
      await k.post('/api/identity/sign-in-with-code', { email: 'fay@example.com' }, { ip: k.nextIp() }),
      400,
      'UserNotConfirmedException',
    );
  });

  it('requires a signed-in user on the account routes', async () => {
    expect((await k.call('GET', '/api/identity/user')).status).toBe(401);
    expect(
      (await k.post('/api/identity/change-password', { previousPassword: 'a', proposedPassword: 'b' })).status,
    ).toBe(401);
    expect((await k.post('/api/identity/sign-out', {}, { token: 'x.y.z' })).status).toBe(401);
  });

  it('does not mount the development outbox in production', async () => {
    const services = await createServices({
      config: testConfig({ NODE_ENV: 'production', RUN_WORKER: 'false' }),
      db: k.t.db,
      jobs: k.t.jobs,
      clock: systemClock,
      providers: k.t.services.providers,
    });
    const prod = await buildApp(services, { logger: false });
    const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox?to=cara@example.com' });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });

  it('delivers queued mail through the mail.send job', async () => {
    await k.t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
    const deadline = Date.now() + 20_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      const outbox = DevOutboxResponse.parse((await k.call('GET', '/api/dev/outbox?to=cara@example.com')).body);
      statuses = outbox.messages.map((m) => m.status);
      if (statuses.length > 0 && statuses.every((s) => s === 'sent')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 'sent')).toBe(true);
  });
});
