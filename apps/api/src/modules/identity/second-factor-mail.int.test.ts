import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DevOutboxResponse,
  ReauthenticateResponse,
  TotpAssociateResponse,
  type OutboxMessage,
} from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../../../test/kits/identity-test-kit';
import { totpCodeAt } from './totp';

const PASSWORD = 'purple monkey dishwasher 42';
const TEMPLATE = 'second_factor_changed';

/**
 * The account's address is told of every change of its second factor, whoever made it: the user, or someone holding
 * a stolen session (docs/decisions/105-mail-on-second-factor-change.md).
 */
describe('identity: a mail on every change of the second factor', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
    k.clock.set(new Date('2026-12-01T08:05:00Z'));
  });
  afterAll(async () => {
    await k?.close();
  });

  async function notices(to: string): Promise<OutboxMessage[]> {
    const res = await k.call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    return DevOutboxResponse.parse(res.body).messages.filter((m) => m.template === TEMPLATE);
  }

  async function reauth(token: string): Promise<string> {
    const res = await k.post('/api/identity/reauthenticate', { password: PASSWORD }, { token, ip: k.nextIp() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ReauthenticateResponse.parse(res.body).reauthToken;
  }

  async function setUpAuthenticator(token: string): Promise<string> {
    const assoc = TotpAssociateResponse.parse(
      (await k.post('/api/identity/totp/associate', { reauthToken: await reauth(token) }, { token })).body,
    );
    const res = await k.post(
      '/api/identity/totp/verify',
      { code: totpCodeAt(assoc.secretCode, k.clock.now()) },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return assoc.secretCode;
  }

  async function prefer(token: string, preferred: string) {
    const res = await k.post(
      '/api/identity/mfa-preference',
      { reauthToken: await reauth(token), preferred },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('mails the user when an authenticator app is set up, and when it is removed, saying what, when and what to do', async () => {
    const email = 'sofia@example.com';
    await k.signUpConfirmed(email, PASSWORD);
    const { accessToken: token } = await k.signIn(email, PASSWORD);
    expect(await notices(email)).toHaveLength(0);

    // Starting the set-up changes nothing yet: the current factor stays in force until a code is verified.
    expect((await k.post('/api/identity/totp/associate', { reauthToken: await reauth(token) }, { token })).status).toBe(
      200,
    );
    expect(await notices(email)).toHaveLength(0);

    await setUpAuthenticator(token);
    const [added, ...before] = await notices(email);
    expect(before).toHaveLength(0);
    expect(added).toMatchObject({ channel: 'email', to: email, locale: 'en' });
    expect(added!.subject).toBe('Security notice: your Rampart sign-in settings changed');
    expect(added!.text).toContain('An authenticator app was set up for your Rampart account.');
    expect(added!.text).toContain('Signing in now asks for the code your authenticator app shows.');
    expect(added!.text).toContain('This happened on December 1, 2026 at 08:05 UTC.');
    expect(added!.text).toContain(
      "If this wasn't you, reset your password from the sign-in page right away and contact support.",
    );
    expect(added!.html).toContain('An authenticator app was set up for your Rampart account.');

    k.clock.advance(60_000);
    await prefer(token, 'EMAIL_OTP');
    const [removed, ...rest] = await notices(email);
    expect(rest).toHaveLength(1);
    expect(removed!.text).toContain('The authenticator app was removed from your Rampart account.');
    expect(removed!.text).toContain('Signing in now asks for a code sent to this email address.');
    expect(removed!.text).toContain('This happened on December 1, 2026 at 08:06 UTC.');
    expect(removed!.text).toContain("If this wasn't you");
  });

  it('mails nothing when the preference is set to what it already was', async () => {
    const email = 'teo@example.com';
    await k.signUpConfirmed(email, PASSWORD);
    const { accessToken: token } = await k.signIn(email, PASSWORD);
    await prefer(token, 'EMAIL_OTP');
    expect(await notices(email)).toHaveLength(0);

    k.clock.advance(30_000);
    await setUpAuthenticator(token);
    expect(await notices(email)).toHaveLength(1);
    k.clock.advance(30_000);
    // Re-authenticating with the password still works while the authenticator is the factor.
    await prefer(token, 'SOFTWARE_TOKEN_MFA');
    expect(await notices(email)).toHaveLength(1);
  });

  it('mails a change to text-message codes and of their phone, in the account language', async () => {
    const email = 'lucia@example.com';
    const res = await k.post('/api/identity/sign-up', { email, password: PASSWORD, locale: 'es' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await k.post('/api/identity/confirm-sign-up', { email, code: await k.latestCode(email) })).status).toBe(
      200,
    );
    const { accessToken: token } = await k.signIn(email, PASSWORD);
    const phone = await k.post(
      '/api/identity/user/attributes',
      { phoneNumber: '+15555550177', reauthToken: await reauth(token) },
      { token },
    );
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const verified = await k.post(
      '/api/identity/user/verify-attribute',
      { attribute: 'phone_number', code: await k.latestCode('+15555550177') },
      { token },
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    k.clock.advance(60_000);
    await prefer(token, 'SMS_OTP');
    const [sms] = await notices(email);
    expect(sms).toMatchObject({ locale: 'es' });
    expect(sms!.subject).toBe('Aviso de seguridad: ha cambiado la configuración de acceso a tu cuenta de Rampart');
    expect(sms!.text).toContain('Se ha cambiado el segundo factor de tu cuenta de Rampart.');
    expect(sms!.text).toContain('Para iniciar sesión te pediremos un código enviado por SMS a tu teléfono.');
    expect(sms!.text).toMatch(/Ocurrió el \d{1,2} de [a-z]+ de 2026 a las \d{2}:\d{2} \(UTC\)\./);
    expect(sms!.text).toContain(
      'Si no has sido tú, restablece tu contraseña desde la página de inicio de sesión cuanto antes y contacta con el soporte.',
    );

    await prefer(token, 'SMS_OTP');
    expect(await notices(email)).toHaveLength(1);

    // The texted codes going to another phone is a change of the second factor too.
    const other = await k.post(
      '/api/identity/user/attributes',
      { phoneNumber: '+15555550178', reauthToken: await reauth(token) },
      { token },
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(await notices(email)).toHaveLength(1);
    const moved = await k.post(
      '/api/identity/user/verify-attribute',
      { attribute: 'phone_number', code: await k.latestCode('+15555550178') },
      { token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [phoneChanged] = await notices(email);
    expect(phoneChanged!.text).toContain(
      'Se ha cambiado el número de teléfono que recibe tus códigos de acceso a Rampart.',
    );
    expect(await notices(email)).toHaveLength(2);

    k.clock.advance(60_000);
    await setUpAuthenticator(token);
    const [added] = await notices(email);
    expect(added!.text).toContain('Se ha configurado una aplicación de autenticación en tu cuenta de Rampart.');
    expect(added!.text).toContain(
      'Para iniciar sesión te pediremos el código que muestra tu aplicación de autenticación.',
    );
    expect(await notices(email)).toHaveLength(3);
  });
});
