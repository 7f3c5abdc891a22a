import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticatedReply,
  ChallengeReply,
  ReauthenticateResponse,
  TotpAssociateResponse,
  UpdateAttributesResponse,
  UserInfo,
} from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';
import { totpCodeAt } from './totp';

const PASSWORD = 'purple monkey dishwasher 42';

describe('identity: the second factor (R2) and re-authentication', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  async function reauthWithPassword(token: string): Promise<string> {
    const res = await k.post('/api/identity/reauthenticate', { password: PASSWORD }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ReauthenticateResponse.parse(res.body).reauthToken;
  }

  it('sets up the authenticator, signs in with it, refuses a replayed code, and disables it back to the emailed code', async () => {
    await k.signUpConfirmed('tess@example.com', PASSWORD);
    const tokens = await k.signIn('tess@example.com', PASSWORD);
    const token = tokens.accessToken;

    // Re-authentication comes first.
    k.expectError(
      await k.post('/api/identity/totp/associate', { reauthToken: 'nope' }, { token }),
      400,
      'NotAuthorizedException',
    );
    k.expectError(
      await k.post('/api/identity/reauthenticate', { password: 'not the password' }, { token }),
      400,
      'NotAuthorizedException',
      'password',
    );
    k.expectError(
      await k.post('/api/identity/totp/verify', { code: '123456' }, { token }),
      400,
      'InvalidParameterException',
    );
    const reauthToken = await reauthWithPassword(token);
    const assoc = TotpAssociateResponse.parse(
      (await k.post('/api/identity/totp/associate', { reauthToken }, { token })).body,
    );
    expect(assoc.otpauthUri).toMatch(/^otpauth:\/\/totp\/Rampart:tess%40example\.com\?.*secret=/);
    expect(assoc.otpauthUri).toContain(`secret=${assoc.secretCode}`);

    const wrong = totpCodeAt(assoc.secretCode, new Date(k.clock.now().getTime() - 10 * 60_000));
    k.expectError(
      await k.post('/api/identity/totp/verify', { code: wrong }, { token }),
      400,
      'CodeMismatchException',
      'code',
    );
    const verified = UserInfo.parse(
      (await k.post('/api/identity/totp/verify', { code: totpCodeAt(assoc.secretCode, k.clock.now()) }, { token }))
        .body,
    );
    expect(verified).toMatchObject({ totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' });

    // Next sign-in asks for the authenticator, and sends no email. Start 1 s into a fresh 30 s step so the
    // replay below stays inside the same step.
    k.clock.set(new Date((Math.floor(k.clock.now().getTime() / 30_000) + 1) * 30_000 + 1000));
    const ip = k.nextIp();
    const first = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in', { email: 'tess@example.com', password: PASSWORD }, { ip })).body,
    );
    expect(first).toMatchObject({ challengeName: 'SOFTWARE_TOKEN_MFA', loginMethod: 'SOFTWARE_TOKEN_MFA' });
    expect(first.codeDeliveryDetails).toBeUndefined();
    const code = totpCodeAt(assoc.secretCode, k.clock.now());
    const done = AuthenticatedReply.parse(
      (
        await k.post(
          '/api/identity/respond-to-challenge',
          { challengeName: 'SOFTWARE_TOKEN_MFA', session: first.session, code },
          { ip },
        )
      ).body,
    );
    expect(done.loginMethod).toBe('SOFTWARE_TOKEN_MFA');

    // The same code, still inside its 30-second window, is refused the second time.
    k.clock.advance(5_000);
    const again = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in', { email: 'tess@example.com', password: PASSWORD }, { ip })).body,
    );
    expect(totpCodeAt(assoc.secretCode, k.clock.now())).toBe(code);
    k.expectError(
      await k.post(
        '/api/identity/respond-to-challenge',
        { challengeName: 'SOFTWARE_TOKEN_MFA', session: again.session, code },
        { ip },
      ),
      400,
      'CodeMismatchException',
      'code',
    );

    // The emailed sign-in code is followed by the authenticator for this user.
    const custom = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in-with-code', { email: 'tess@example.com' }, { ip })).body,
    );
    const next = ChallengeReply.parse(
      (
        await k.post(
          '/api/identity/respond-to-challenge',
          { challengeName: 'CUSTOM_CHALLENGE', session: custom.session, code: await k.latestCode('tess@example.com') },
          { ip },
        )
      ).body,
    );
    expect(next.challengeName).toBe('SOFTWARE_TOKEN_MFA');

    // Re-authenticate with the current factor (the authenticator), then go back to the emailed code.
    k.clock.advance(30_000);
    const reauth = ReauthenticateResponse.parse(
      (
        await k.post(
          '/api/identity/reauthenticate',
          { code: totpCodeAt(assoc.secretCode, k.clock.now()) },
          { token: done.authenticationResult.accessToken },
        )
      ).body,
    );
    const back = UserInfo.parse(
      (
        await k.post(
          '/api/identity/mfa-preference',
          { reauthToken: reauth.reauthToken, preferred: 'EMAIL_OTP' },
          { token: done.authenticationResult.accessToken },
        )
      ).body,
    );
    expect(back).toMatchObject({ totpEnabled: false, preferredMfa: 'EMAIL_OTP' });
    const emailAgain = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in', { email: 'tess@example.com', password: PASSWORD }, { ip })).body,
    );
    expect(emailAgain.challengeName).toBe('EMAIL_OTP');
    // A re-authentication token is bound to its session: another session cannot use it.
    k.expectError(
      await k.post(
        '/api/identity/mfa-preference',
        { reauthToken: reauth.reauthToken, preferred: 'EMAIL_OTP' },
        { token: tokens.accessToken },
      ),
      400,
      'NotAuthorizedException',
    );
    k.expectError(
      await k.post(
        '/api/identity/mfa-preference',
        { reauthToken: await reauthWithPassword(tokens.accessToken), preferred: 'SOFTWARE_TOKEN_MFA' },
        { token: tokens.accessToken },
      ),
      400,
      'InvalidParameterException',
    );
  });

  it('re-authenticates with an emailed code when that is the current factor', async () => {
    await k.signUpConfirmed('uma@example.com', PASSWORD);
    const { accessToken: token } = await k.signIn('uma@example.com', PASSWORD);
    const sent = await k.post('/api/identity/reauthenticate/send-code', undefined, { token });
    expect(sent.status).toBe(200);
    k.expectError(
      await k.post(
        '/api/identity/reauthenticate',
        { code: '999999' === (await k.latestCode('uma@example.com')) ? '999998' : '999999' },
        { token },
      ),
      400,
      'CodeMismatchException',
      'code',
    );
    const res = await k.post(
      '/api/identity/reauthenticate',
      { code: await k.latestCode('uma@example.com') },
      { token },
    );
    expect(ReauthenticateResponse.parse(res.body).expiresIn).toBe(300);
  });

  it('confirms a phone by SMS and signs in with SMS_OTP when chosen', async () => {
    await k.signUpConfirmed('vic@example.com', PASSWORD);
    const { accessToken: token } = await k.signIn('vic@example.com', PASSWORD);
    k.expectError(
      await k.post(
        '/api/identity/mfa-preference',
        { reauthToken: await reauthWithPassword(token), preferred: 'SMS_OTP' },
        { token },
      ),
      400,
      'InvalidParameterException',
    );
    k.expectError(
      await k.post('/api/identity/user/attributes', { phoneNumber: '+15555550123' }, { token }),
      400,
      'NotAuthorizedException',
    );
    const bad = await k.post('/api/identity/user/attributes', { phoneNumber: '555-0123' }, { token });
    expect(bad.body).toMatchObject({ errors: { fields: { phoneNumber: 'Value is not a valid phone' } } });

    const updated = UpdateAttributesResponse.parse(
      (
        await k.post(
          '/api/identity/user/attributes',
          { phoneNumber: '+15555550123', locale: 'es', reauthToken: await reauthWithPassword(token) },
          { token },
        )
      ).body,
    );
    expect(updated.codeDeliveryDetails).toMatchObject({ deliveryMedium: 'SMS', destination: '+*******0123' });
    expect(updated.user).toMatchObject({ locale: 'es', phoneNumber: null, phoneNumberVerified: false });
    const phone = UserInfo.parse(
      (
        await k.post(
          '/api/identity/user/verify-attribute',
          { attribute: 'phone_number', code: await k.latestCode('+15555550123') },
          { token },
        )
      ).body,
    );
    expect(phone).toMatchObject({ phoneNumber: '+15555550123', phoneNumberVerified: true });
    const chosen = UserInfo.parse(
      (
        await k.post(
          '/api/identity/mfa-preference',
          { reauthToken: await reauthWithPassword(token), preferred: 'SMS_OTP' },
          { token },
        )
      ).body,
    );
    expect(chosen.preferredMfa).toBe('SMS_OTP');

    const ip = k.nextIp();
    const first = ChallengeReply.parse(
      (await k.post('/api/identity/sign-in', { email: 'vic@example.com', password: PASSWORD }, { ip })).body,
    );
    expect(first).toMatchObject({
      challengeName: 'SMS_OTP',
      loginMethod: 'SMS_OTP',
      codeDeliveryDetails: { deliveryMedium: 'SMS' },
    });
    const done = AuthenticatedReply.parse(
      (
        await k.post(
          '/api/identity/respond-to-challenge',
          { challengeName: 'SMS_OTP', session: first.session, code: await k.latestCode('+15555550123') },
          { ip },
        )
      ).body,
    );
    expect(done.loginMethod).toBe('SMS_OTP');
  });
});
