import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshResponse } from '@rampart/contracts';
import { createIdentityKit, type IdentityKit } from '../kits/identity-test-kit';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../src/modules/identity';

const PASSWORD = 'juniper quartz meadow';

/**
 * Refresh tokens rotate on every use, and an old one used again revokes its whole session
 * (docs/decisions/050-sign-in-hardening.md): a thief and the user cannot both go on with one stolen token. The token
 * just replaced is still accepted for a short grace, for a reply lost on the way or a second tab that refreshed at
 * the same moment.
 */
describe('hardening: refresh token rotation and reuse detection', () => {
  let k: IdentityKit;
  let users = 0;
  beforeAll(async () => {
    k = await createIdentityKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  async function newSession() {
    const email = `rotation-${(users += 1)}@example.com`;
    await k.signUpConfirmed(email, PASSWORD);
    return { email, tokens: await k.signIn(email, PASSWORD) };
  }

  const refresh = (refreshToken: string) => k.post('/api/identity/refresh', { refreshToken }, { ip: k.nextIp() });

  async function refreshed(refreshToken: string) {
    const res = await refresh(refreshToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RefreshResponse.parse(res.body).authenticationResult;
  }

  const user = (accessToken: string) => k.call('GET', '/api/identity/user', { token: accessToken });
  const pastGrace = () => k.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);

  it(
    'replies to every refresh with a new refresh token, which the next refresh uses',
    { timeout: 60_000 },
    async () => {
      const { tokens } = await newSession();
      const first = await refreshed(tokens.refreshToken);
      expect(first.refreshToken).not.toBe(tokens.refreshToken);
      const second = await refreshed(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await user(second.accessToken)).status).toBe(200);
    },
  );

  it(
    'revokes the whole session when a replaced refresh token is used again: every token of it stops working',
    { timeout: 60_000 },
    async () => {
      const { email, tokens } = await newSession();
      const other = await k.signIn(email, PASSWORD);
      const rotated = await refreshed(tokens.refreshToken);
      const latest = await refreshed(rotated.refreshToken);
      pastGrace();

      // The first token again (a thief's copy, or the user's after the thief rotated it): refused, and the session ends.
      k.expectError(await refresh(tokens.refreshToken), 400, 'NotAuthorizedException');
      k.expectError(await refresh(latest.refreshToken), 400, 'NotAuthorizedException');
      k.expectError(await user(latest.accessToken), 401, 'unauthenticated');
      k.expectError(await user(tokens.accessToken), 401, 'unauthenticated');
      // The user's other session is another family: it goes on.
      expect((await user(other.accessToken)).status).toBe(200);
      expect((await refreshed(other.refreshToken)).refreshToken).not.toBe(other.refreshToken);
    },
  );

  it(
    'accepts the token just replaced within the grace (two tabs refreshing at once, a lost reply), not after',
    { timeout: 60_000 },
    async () => {
      const { tokens } = await newSession();
      const [a, b] = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      const tabA = RefreshResponse.parse(a.body).authenticationResult;
      const tabB = RefreshResponse.parse(b.body).authenticationResult;
      // Both tabs go on, each with the token it was given.
      expect((await refreshed(tabA.refreshToken)).refreshToken).toBeTruthy();
      const latestB = await refreshed(tabB.refreshToken);

      // A retry of the same refresh a little later is still the grace.
      k.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 5) * 1000);
      const retried = await refreshed(tokens.refreshToken);
      expect((await user(retried.accessToken)).status).toBe(200);

      // The grace runs from the first replacement, not from the last use.
      k.clock.advance(6 * 1000);
      k.expectError(await refresh(tokens.refreshToken), 400, 'NotAuthorizedException');
      k.expectError(await refresh(latestB.refreshToken), 400, 'NotAuthorizedException');
    },
  );

  it('refuses an unknown refresh token without touching any session', { timeout: 60_000 }, async () => {
    const { tokens } = await newSession();
    k.expectError(await refresh('not-a-token-we-issued'), 400, 'NotAuthorizedException');
    expect((await refreshed(tokens.refreshToken)).refreshToken).toBeTruthy();
  });
});
