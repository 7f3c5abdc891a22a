import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityKit, type IdentityKit } from '../kits/identity-test-kit';
import { ARGON2_OPTIONS } from '../../src/modules/identity';

/**
 * How passwords are compared (docs/decisions/050-sign-in-hardening.md): Unicode-normalised (NFKC), so the same
 * password typed on another keyboard or system still signs in, with hashes made before that still verifying; and a
 * sign-in with an unknown email costs what one with a known email costs, so the time of the reply does not tell them
 * apart (the message still does, as decision 006 records).
 */
describe('hardening: passwords', () => {
  let k: IdentityKit;
  let users = 0;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  const newEmail = () => `passwords-${(users += 1)}@example.com`;
  const signIn = (email: string, password: string) =>
    k.post('/api/identity/sign-in', { email, password }, { ip: k.nextIp() });

  it(
    'signs in with the password typed in another Unicode form (composed or decomposed accents, full-width letters)',
    { timeout: 60_000 },
    async () => {
      const accented = 'Crème brûlée año 2026';
      const email = newEmail();
      await k.signUpConfirmed(email, accented.normalize('NFC'));
      expect((await signIn(email, accented.normalize('NFD'))).status).toBe(200);
      expect((await signIn(email, accented.normalize('NFC'))).status).toBe(200);

      const wide = newEmail();
      await k.signUpConfirmed(wide, 'ｔｕｌｉｐ ｈａｒｂｏｒ ｌａｎｔｅｒｎ');
      expect((await signIn(wide, 'tulip harbor lantern')).status).toBe(200);
      k.expectError(await signIn(wide, 'tulip harbor lanterns'), 400, 'NotAuthorizedException');
    },
  );

  it(
    'still accepts a password whose hash was made before normalising, as it was typed then',
    { timeout: 60_000 },
    async () => {
      const email = newEmail();
      await k.signUpConfirmed(email, 'placeholder password 1');
      const typed = 'ﬁnch ﬂute Ⅻ'.normalize('NFD');
      expect(typed).not.toBe(typed.normalize('NFKC'));
      await k.t.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [
        email,
        await hash(typed, ARGON2_OPTIONS),
      ]);
      expect((await signIn(email, typed)).status).toBe(200);
      k.expectError(await signIn(email, 'placeholder password 1'), 400, 'NotAuthorizedException');
    },
  );

  it('takes as long for an unknown email as for a known one with a wrong password', { timeout: 120_000 }, async () => {
    // Four accounts take the wrong passwords in turn, at most four each: under the lockout's five.
    const known = [newEmail(), newEmail(), newEmail(), newEmail()];
    for (const email of known) await k.signUpConfirmed(email, 'orchid basalt compass');
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await signIn(email, 'not the password at all');
      return { ms: performance.now() - started, status: res.status };
    };
    // Alternated, so a busy moment of the machine falls on both sides; the first pair warms up and is not counted.
    for (let i = 0; i < 13; i++) {
      const unknown = await timed(`nobody-${i}@example.com`);
      expect(unknown.status).toBe(404);
      const wrong = await timed(known[i % known.length]!);
      expect(wrong.status).toBe(400);
      if (i === 0) continue;
      unknownTimes.push(unknown.ms);
      knownTimes.push(wrong.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    // Without the dummy hash the unknown email answered in a fifth of the time; with it, about the same. Half is a
    // margin a busy machine does not cross either way.
    expect(
      median(unknownTimes),
      `unknown ${unknownTimes.map(Math.round).join(',')} known ${knownTimes.map(Math.round).join(',')}`,
    ).toBeGreaterThan(median(knownTimes) * 0.5);
  });
});

/**
 * R3's password rules say nothing of a password made of blanks: one is refused with a message of its own, the same
 * on every route that sets a password (docs/decisions/105-mail-on-second-factor-change.md). Spaces among other
 * characters are part of the password, as typed: nothing is trimmed.
 */
describe('hardening: a password of only whitespace', () => {
  let k: IdentityKit;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  const BLANKS = [' '.repeat(8), '\t'.repeat(12), '\u00a0\u2003\u3000\u2009'.repeat(3), ' \t \n '.repeat(3)];

  it('refuses it at sign-up, with its own keyed message on the password field', async () => {
    for (const password of BLANKS) {
      const refused = k.expectError(
        await k.post('/api/identity/sign-up', { email: 'blank@example.com', password }),
        400,
        'InvalidPasswordException',
        'password',
      );
      expect(refused.message).toBe('Password cannot be only spaces');
      expect(refused.messageKey).toBe('identity.passwordBlank');
    }
  });

  it('refuses it as the new password of a change and of a reset', { timeout: 60_000 }, async () => {
    const email = 'blank-change@example.com';
    await k.signUpConfirmed(email, 'orchid basalt compass');
    const s = await k.signIn(email, 'orchid basalt compass');
    for (const password of BLANKS) {
      const changed = k.expectError(
        await k.post(
          '/api/identity/change-password',
          { previousPassword: 'orchid basalt compass', proposedPassword: password },
          { token: s.accessToken, ip: k.nextIp() },
        ),
        400,
        'InvalidPasswordException',
        'password',
      );
      expect(changed.messageKey).toBe('identity.passwordBlank');
    }
    expect((await k.post('/api/identity/forgot-password', { email })).status).toBe(200);
    const code = await k.latestCode(email);
    const reset = k.expectError(
      await k.post('/api/identity/confirm-forgot-password', { email, code, password: ' '.repeat(10) }),
      400,
      'InvalidPasswordException',
      'password',
    );
    expect(reset.messageKey).toBe('identity.passwordBlank');
  });

  it('keeps spaces among other characters as typed', { timeout: 60_000 }, async () => {
    const email = 'spaced@example.com';
    const password = '  moss   lantern  ';
    await k.signUpConfirmed(email, password);
    const signIn = (typed: string) => k.post('/api/identity/sign-in', { email, password: typed }, { ip: k.nextIp() });
    expect((await signIn(password)).status).toBe(200);
    k.expectError(await signIn('moss   lantern'), 400, 'NotAuthorizedException', 'password');
    k.expectError(await signIn('moss lantern'), 400, 'NotAuthorizedException', 'password');
  });
});
