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
