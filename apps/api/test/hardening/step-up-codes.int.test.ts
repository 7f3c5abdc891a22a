import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  ChallengeReply,
  OrderReply,
  RampQuoteReply,
  ReauthenticateResponse,
  TotpAssociateResponse,
} from '@rampart/contracts';
import { manualClock } from '../../src/lib/clock';
import { totpCodeAt } from '../../src/modules/identity';
import { BUY_USDS, START, XRPL_ADDRESS } from '../kits/ramp-test-fixtures';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';

/**
 * The codes that confirm a trade or an asset withdrawal, and the codes sent (docs/decisions/056-step-up-codes-and-send-limits.md):
 * - each step-up attempt is counted before it is judged, so 25 wrong codes sent at once get at most five judged;
 * - an authenticator code used again in its 30 seconds is refused with the seconds until the next code, and is not a
 *   failure;
 * - codes sent are limited per purpose: sign-up, sign-in and several trades in a row never meet a limit.
 * On PostgreSQL (or PGlite) counters, and on Redis's (TEST_REDIS_URL, else redis://127.0.0.1:6379).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct horse battery staple';

describe.each(['database', 'redis'] as const)('hardening: step-up codes and codes sent (%s counters)', (store) => {
  const prefix = `rampart-test-${randomUUID()}:`;
  const clock = manualClock(START);
  let k: TransferKit;
  let redis: Redis | undefined;
  let counter = 0;

  beforeAll(async () => {
    k = await createTransferKit({
      clock,
      ...(store === 'redis' ? { env: { REDIS_URL, REDIS_KEY_PREFIX: prefix } } : {}),
    });
    if (store === 'redis') {
      redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
    }
  });

  afterAll(async () => {
    await k?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  async function quote(token: string) {
    const res = await k.call('/api/ramp/quote', {
      token,
      body: { ...BUY_USDS, sellAmountTotal: '10', idemId: `codes-${store}-${(counter += 1)}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampQuoteReply.parse(res.body).quote.quoteId;
  }
  const challenge = (token: string, quoteId: string) =>
    k.call('/api/ramp/order-challenge', { token, body: { quoteId } });
  const order = (token: string, quoteId: string, code: string) =>
    k.call('/api/ramp/order', { token, body: { quoteId, code } });
  const newestCode = async (email: string) => /\b(\d{6})\b/.exec((await k.outbox(email))[0]?.text ?? '')?.[1] ?? '';
  const orderCount = async (guid: string) =>
    Number(
      (await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM ramp_orders WHERE user_id = $1', [guid]))
        .rows[0]?.n,
    );

  /** `count` six-digit codes, none of them `right`. */
  function wrongCodes(right: string, count: number): string[] {
    const codes: string[] = [];
    for (let n = 0; codes.length < count; n++) {
      const code = String(n * 7919)
        .padStart(6, '0')
        .slice(-6);
      if (code !== right && !codes.includes(code)) codes.push(code);
    }
    return codes;
  }

  function tally(results: { status: number; body: unknown }[]) {
    for (const res of results) {
      expect([400, 429], JSON.stringify(res.body)).toContain(res.status);
      expect(ApiErrorBody.parse(res.body).code).toBe(
        res.status === 400 ? 'CodeMismatchException' : 'LimitExceededException',
      );
    }
    return {
      judged: results.filter((r) => r.status !== 429).length,
      refused: results.filter((r) => r.status === 429).length,
    };
  }

  /** Sets up the authenticator app at the clock's time; its code of that moment has been used once. */
  async function withAuthenticator(user: { token: string }) {
    const reauth = ReauthenticateResponse.parse(
      (await k.call('/api/identity/reauthenticate', { token: user.token, body: { password: PASSWORD } })).body,
    );
    const { secretCode } = TotpAssociateResponse.parse(
      (await k.call('/api/identity/totp/associate', { token: user.token, body: { reauthToken: reauth.reauthToken } }))
        .body,
    );
    const setUp = await k.call('/api/identity/totp/verify', {
      token: user.token,
      body: { code: totpCodeAt(secretCode, clock.now()) },
    });
    expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
    return secretCode;
  }

  it(
    'judges at most five of 25 wrong trade codes sent at once, refuses the rest with 429, then the right code too',
    { timeout: 180_000 },
    async () => {
      clock.set(START);
      const user = await k.openedUser('50', `race-trade-${store}`);
      const quoteId = await quote(user.token);
      expect((await challenge(user.token, quoteId)).status).toBe(200);
      const code = await newestCode(user.email);

      const results = await Promise.all(wrongCodes(code, 25).map((guess) => order(user.token, quoteId, guess)));
      const { judged, refused } = tally(results);
      expect(judged).toBeLessThanOrEqual(5);
      expect(refused).toBeGreaterThanOrEqual(20);
      k.expectError(await order(user.token, quoteId, code), 429, 'LimitExceededException');
      expect(await orderCount(user.guid)).toBe(0);
    },
  );

  it(
    'judges at most five of 25 wrong withdrawal codes sent at once, refuses the rest with 429, then the right code too',
    { timeout: 180_000 },
    async () => {
      clock.set(START);
      const user = await k.openedUser('0', `race-withdrawal-${store}`);
      expect(
        (
          await k.call('/api/primetrust-sandbox-asset-deposit', {
            token: user.token,
            body: { assetTicker: 'USDS', amount: '100' },
          })
        ).status,
      ).toBe(200);
      expect((await k.call('/api/holdings/withdraw-challenge', { token: user.token, body: {} })).status).toBe(200);
      const code = await newestCode(user.email);
      const withdraw = (guess: string) =>
        k.call('/api/holdings/withdraw', {
          token: user.token,
          body: {
            assetTicker: 'USDS',
            network: 'xrpl',
            amount: '10',
            address: XRPL_ADDRESS,
            memo: '12345',
            code: guess,
          },
          headers: { 'idempotency-key': randomUUID() },
        });

      const { judged, refused } = tally(await Promise.all(wrongCodes(code, 25).map(withdraw)));
      expect(judged).toBeLessThanOrEqual(5);
      expect(refused).toBeGreaterThanOrEqual(20);
      k.expectError(await withdraw(code), 429, 'LimitExceededException');
    },
  );

  it(
    'refuses an authenticator code used again in its 30 seconds with the seconds until the next code, never as a failure',
    { timeout: 180_000 },
    async () => {
      clock.set(new Date(START.getTime() + 5_000));
      const user = await k.openedUser('50', `replay-${store}`);
      const secret = await withAuthenticator(user);
      const used = totpCodeAt(secret, clock.now());

      // Sign-in right after the set-up, with the same code: refused, with the wait; six times, never locked out.
      for (let i = 0; i < 3; i += 1) {
        const first = ChallengeReply.parse(
          (await k.call('/api/identity/sign-in', { body: { email: user.email, password: PASSWORD } })).body,
        );
        expect(first.challengeName).toBe('SOFTWARE_TOKEN_MFA');
        const replay = k.expectError(
          await k.call('/api/identity/respond-to-challenge', {
            body: { challengeName: 'SOFTWARE_TOKEN_MFA', session: first.session, code: used },
          }),
          400,
          'CodeMismatchException',
          'code',
        );
        expect(replay.message).toBe(
          'This code was just used. Please wait 25 seconds for the next code in your authenticator app.',
        );
      }
      // A trade confirmed with it in the same window: the same.
      const quoteId = await quote(user.token);
      clock.advance(10_000);
      for (let i = 0; i < 3; i += 1) {
        const replay = k.expectError(await order(user.token, quoteId, used), 400, 'CodeMismatchException', 'code');
        expect(replay.message).toBe(
          'This code was just used. Please wait 15 seconds for the next code in your authenticator app.',
        );
      }
      expect(await orderCount(user.guid)).toBe(0);

      // The next code confirms the trade, and then signs in: six replays counted nothing.
      clock.set(new Date(START.getTime() + 30_000));
      const placed = await order(user.token, quoteId, totpCodeAt(secret, clock.now()));
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(OrderReply.parse(placed.body).replayed).toBe(false);
      clock.set(new Date(START.getTime() + 60_000));
      const first = ChallengeReply.parse(
        (await k.call('/api/identity/sign-in', { body: { email: user.email, password: PASSWORD } })).body,
      );
      const signedIn = await k.call('/api/identity/respond-to-challenge', {
        body: { challengeName: 'SOFTWARE_TOKEN_MFA', session: first.session, code: totpCodeAt(secret, clock.now()) },
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      // A wrong code is still a failure: five of them lock the account.
      clock.set(new Date(START.getTime() + 90_000));
      const next = totpCodeAt(secret, clock.now());
      const late = await quote(user.token);
      for (const guess of wrongCodes(next, 5))
        k.expectError(await order(user.token, late, guess), 400, 'CodeMismatchException', 'code');
      k.expectError(await order(user.token, late, next), 429, 'LimitExceededException');
    },
  );

  it(
    'sends a new user the codes of sign-up, sign-in and eight trades in a row; a flood of trade codes still stops',
    { timeout: 180_000 },
    async () => {
      clock.set(START);
      const user = await k.openedUser('100', `sends-${store}`);
      for (let i = 0; i < 8; i += 1) {
        const quoteId = await quote(user.token);
        const started = await challenge(user.token, quoteId);
        expect(started.status, `trade ${i + 1}: ${JSON.stringify(started.body)}`).toBe(200);
        const placed = await order(user.token, quoteId, await newestCode(user.email));
        expect(placed.status, `trade ${i + 1}: ${JSON.stringify(placed.body)}`).toBe(200);
      }
      expect(await orderCount(user.guid)).toBe(8);

      // Abuse: "Send a new code" again and again on one quote. Twenty trade codes in 15 minutes, then 429.
      const quoteId = await quote(user.token);
      for (let i = 8; i < 20; i += 1)
        expect((await challenge(user.token, quoteId)).status, `trade code ${i + 1}`).toBe(200);
      const flood = k.expectError(await challenge(user.token, quoteId), 429, 'TooManyRequestsException');
      expect(flood.message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes\.$/);
      // Signing in still gets its code: the trade codes do not use up the sign-in ones.
      const first = await k.call('/api/identity/sign-in', { body: { email: user.email, password: PASSWORD } });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
    },
  );
});
