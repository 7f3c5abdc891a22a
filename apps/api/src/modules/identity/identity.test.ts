import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { generateCode } from './codes';
import { localeFromAcceptLanguage, maskEmail, maskPhone } from './locale';
import { renderAuthenticatorResetMail, renderCodeMail, renderCodeSms } from './mail-templates';
import { hashPassword, isCommonPassword, passwordProblem, verifyPassword } from './passwords';
import { deriveKey } from './signing-key';
import { createTokenService } from './tokens';
import { newTotpSecret, otpauthUri, totpCodeAt, totpStepOf } from './totp';

describe('passwords', () => {
  it('hashes with Argon2id at the OWASP minimum and verifies', async () => {
    const hash = await hashPassword('a fine passphrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a fine passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'a fine passphrasE')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('refuses the most common passwords whatever their case (R3)', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('tangerine submarine velvet')).toBe(false);
    expect(passwordProblem('qwerty123')).toBe('passwordTooCommon');
    expect(passwordProblem('short')).toBe('passwordTooShort');
    expect(passwordProblem('tangerine submarine velvet')).toBeUndefined();
  });
});

describe('locale and masks', () => {
  it.each([
    [undefined, 'en'],
    ['es-ES,es;q=0.9', 'es'],
    ['fr-FR, en;q=0.1, es;q=0.5', 'es'],
    ['de, fr', 'en'],
    ['es;q=0, en', 'en'],
  ])('reads %s as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('masks destinations', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@e***.com');
    expect(maskPhone('+15555550123')).toBe('+*******0123');
  });
});

describe('codes and messages', () => {
  it('makes 6-digit codes', () => {
    for (let i = 0; i < 50; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('renders mail in both languages, HTML escaped, and SMS', () => {
    const en = renderCodeMail('sign_up', 'en', '012345');
    expect(en.subject).toBe('Your Rampart verification code');
    expect(en.text).toContain('012345');
    expect(en.text).toContain('expires in 10 minutes');
    const es = renderCodeMail('forgot_password', 'es', '<b>');
    expect(es.subject).toBe('Restablece tu contraseña de Rampart');
    expect(es.html).toContain('&lt;b&gt;');
    expect(es.html).toContain('lang="es"');
    expect(renderCodeSms('mfa', 'es', '123456')).toBe('Rampart: tu código es 123456. Caduca en 10 minutos.');
  });

  it("tells the user, in the account's language, that support turned off their authenticator app", () => {
    const es = renderAuthenticatorResetMail('es');
    expect(es.subject).toBe('Se ha desactivado tu aplicación de autenticación de Rampart');
    expect(es.text).toContain('Si no lo has pedido tú, contacta con el soporte');
    expect(es.html).toContain('lang="es"');
    expect(renderAuthenticatorResetMail('en').text).toContain(
      'If you did not ask for this, contact support right away',
    );
  });
});

describe('TOTP (RFC 6238)', () => {
  it('accepts the current code and one step of drift, and names its step', () => {
    const secret = newTotpSecret();
    const now = new Date('2030-01-01T00:00:15Z');
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(now.getTime() - 120_000)), now)).toBeNull();
    expect(otpauthUri(secret, 'a@b.co')).toBe(
      `otpauth://totp/Rampart:a%40b.co?issuer=Rampart&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('matches the RFC 6238 test vector for SHA-1', () => {
    // Appendix B: secret '12345678901234567890', T = 59 s -> 94287082 (8 digits); its last 6 digits.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(secret, new Date(59_000))).toBe('287082');
  });
});

describe('tokens', () => {
  const key = deriveKey(Buffer.from('x'.repeat(40)), 'jwt');

  it('verifies a token only for its own use, and not after it expires', async () => {
    const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
    const tokens = createTokenService(key, clock);
    const claims = {
      userGuid: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      email: 'a@b.co',
    };
    const access = await tokens.sessionToken({ ...claims, use: 'access' }, 900);
    expect(await tokens.verifySessionToken(access, ['access'])).toEqual({ ...claims, use: 'access' });
    expect(await tokens.verifySessionToken(access, ['id'])).toBeNull();
    expect(await tokens.verifyChallengeToken(access)).toBeNull();
    expect(await tokens.verifyReauthToken(access)).toBeNull();
    clock.advance(901_000);
    expect(await tokens.verifySessionToken(access, ['access'])).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    const clock = manualClock();
    const mine = createTokenService(key, clock);
    const theirs = createTokenService(deriveKey(Buffer.from('y'.repeat(40)), 'jwt'), clock);
    const forged = await theirs.reauthToken('u', 's');
    expect(await mine.verifyReauthToken(forged)).toBeNull();
    expect(await mine.verifyReauthToken(await mine.reauthToken('u', 's'))).toEqual({ userGuid: 'u', sessionId: 's' });
  });

  it('refuses another payload or algorithm under the signature, a cut token, another audience, and exp from its second (decision 041)', async () => {
    const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
    const tokens = createTokenService(key, clock);
    const claims = {
      userGuid: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      email: 'a@b.co',
      use: 'api' as const,
    };
    const token = await tokens.sessionToken(claims, 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const refused = async (text: string) => expect(await tokens.verifySessionToken(text, ['api'])).toBeNull();
    // Another payload, algorithm or signature under the same signature; a token in pieces.
    await refused(`${header}.${encode({ ...decoded, sub: 'someone-else' })}.${signature}`);
    await refused(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    await refused(`${header}.${payload}.${signature.slice(0, -2)}`);
    await refused(`${header}.${payload}`);
    await refused('not a token');
    // A capture token is for the capture audience only.
    const capture = await tokens.captureToken(
      { userGuid: claims.userGuid, verificationSessionId: claims.sessionId },
      new Date('2030-01-01T00:10:00Z'),
    );
    await refused(capture);
    expect(await tokens.verifyCaptureToken(capture)).toEqual({
      userGuid: claims.userGuid,
      verificationSessionId: claims.sessionId,
    });
    // Good until its exp second, refused from it.
    clock.advance(59_999);
    expect(await tokens.verifySessionToken(token, ['api'])).toEqual(claims);
    clock.advance(1);
    await refused(token);
  });

  it('remembers a checked token by its exact bytes only, and still refuses it from its exp second (decision 044)', async () => {
    const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
    const tokens = createTokenService(key, clock);
    const claims = {
      userGuid: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      email: 'a@b.co',
      use: 'api' as const,
    };
    const token = await tokens.sessionToken(claims, 60);
    // Checked once, so remembered: the same bytes are accepted again, each time with the same claims.
    expect(await tokens.verifySessionToken(token, ['api'])).toEqual(claims);
    expect(await tokens.verifySessionToken(token, ['api'])).toEqual(claims);
    // What is remembered does not widen what the token is good for.
    expect(await tokens.verifySessionToken(token, ['access', 'id'])).toBeNull();
    expect(await tokens.verifyCaptureToken(token)).toBeNull();
    expect(await tokens.verifyReauthToken(token)).toBeNull();
    // Any other bytes are checked in full: another payload under the remembered signature, a changed signature.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...decoded, sub: 'someone-else' })).toString('base64url');
    expect(await tokens.verifySessionToken(`${header}.${otherPayload}.${signature}`, ['api'])).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(await tokens.verifySessionToken(`${header}.${payload}.${flipped}`, ['api'])).toBeNull();
    // Another service (another key) has not checked it: its own check refuses it.
    const other = createTokenService(deriveKey(Buffer.from('y'.repeat(40)), 'jwt'), clock);
    expect(await other.verifySessionToken(token, ['api'])).toBeNull();
    // The expiry is read against the clock on every call, remembered or not, and stays refused after it.
    clock.advance(59_999);
    expect(await tokens.verifySessionToken(token, ['api'])).toEqual(claims);
    clock.advance(1);
    expect(await tokens.verifySessionToken(token, ['api'])).toBeNull();
    expect(await tokens.verifySessionToken(token, ['api'])).toBeNull();
  });
});
