import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticatedReply, ConfirmSignUpResponse, DevOutboxResponse } from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';

const PASSWORD = 'tangerine submarine velvet';
const NEW_PASSWORD = 'granite lighthouse orchard';

/** Decision 057: the sign-up code is the first sign-in's emailed factor; a changed password is mailed. */
describe('identity: sign-up in one pass and the password-changed mail', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  const outbox = async (to: string) =>
    DevOutboxResponse.parse((await k.call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)).body).messages;
  const authcheck = async (token: string) => (await k.post('/api/user/authcheck', {}, { token })).status;

  it('signs a new user in with the sign-up code and the password, no second emailed code', async () => {
    const ip = k.nextIp();
    expect(
      (await k.post('/api/identity/sign-up', { email: 'nia@example.com', password: PASSWORD }, { ip })).status,
    ).toBe(200);
    const code = await k.latestCode('nia@example.com');
    const res = await k.post(
      '/api/identity/confirm-sign-up',
      { email: 'nia@example.com', code, password: PASSWORD },
      { ip },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const signIn = AuthenticatedReply.parse(ConfirmSignUpResponse.parse(res.body).signIn);
    expect(await authcheck(signIn.authenticationResult.accessToken)).toBe(200);
    // Only the sign-up code was mailed.
    expect((await outbox('nia@example.com')).map((m) => m.template)).toEqual(['sign_up']);
    // R2 holds for every later sign-in: the password alone gets the emailed challenge.
    await k.signIn('nia@example.com', PASSWORD);
  });

  it('confirms but does not sign in with a wrong password, and confirms alone without one', async () => {
    const ip = k.nextIp();
    expect(
      (await k.post('/api/identity/sign-up', { email: 'oli@example.com', password: PASSWORD }, { ip })).status,
    ).toBe(200);
    const wrong = await k.post(
      '/api/identity/confirm-sign-up',
      { email: 'oli@example.com', code: await k.latestCode('oli@example.com'), password: 'not the password at all' },
      { ip },
    );
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ ok: true });
    k.expectError(
      await k.post(
        '/api/identity/confirm-sign-up',
        { email: 'oli@example.com', code: '123456', password: PASSWORD },
        { ip },
      ),
      400,
      'NotAuthorizedException',
    );

    expect(
      (await k.post('/api/identity/sign-up', { email: 'pia@example.com', password: PASSWORD }, { ip })).status,
    ).toBe(200);
    const alone = await k.post(
      '/api/identity/confirm-sign-up',
      { email: 'pia@example.com', code: await k.latestCode('pia@example.com') },
      { ip },
    );
    expect(alone.body).toEqual({ ok: true });
  });

  it('signs out the other sessions and mails the user when the password is changed', async () => {
    await k.signUpConfirmed('quin@example.com', PASSWORD);
    const here = await k.signIn('quin@example.com', PASSWORD);
    const elsewhere = await k.signIn('quin@example.com', PASSWORD);
    expect(
      (
        await k.post(
          '/api/identity/change-password',
          { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { token: here.accessToken },
        )
      ).status,
    ).toBe(200);
    expect(await authcheck(here.accessToken)).toBe(200);
    expect(await authcheck(elsewhere.accessToken)).toBe(401);
    expect((await k.post('/api/identity/refresh', { refreshToken: elsewhere.refreshToken })).status).toBe(400);
    const [mail] = await outbox('quin@example.com');
    expect(mail?.template).toBe('password_changed');
    expect(mail?.subject).toBe('Your Rampart password was changed');
    expect(mail?.text).toContain('your other devices were signed out');
  });

  it('sends no mail when the change is refused', async () => {
    await k.signUpConfirmed('rosa@example.com', PASSWORD);
    const s = await k.signIn('rosa@example.com', PASSWORD);
    k.expectError(
      await k.post(
        '/api/identity/change-password',
        { previousPassword: 'wrong wrong wrong', proposedPassword: NEW_PASSWORD },
        { token: s.accessToken },
      ),
      400,
      'NotAuthorizedException',
      'password',
    );
    k.expectError(
      await k.post(
        '/api/identity/change-password',
        { previousPassword: PASSWORD, proposedPassword: 'qwerty123' },
        { token: s.accessToken },
      ),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect((await outbox('rosa@example.com')).map((m) => m.template)).not.toContain('password_changed');
  });
});
