import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, ChallengeReply, DevOutboxResponse } from '@rampart/contracts';
import type { Db } from '../../src/db';
import { openPostgres } from '../../src/db/postgres';
import { manualClock } from '../../src/lib/clock';
import { createTestApp, openTestDatabase, testDatabaseKind, type TestApp } from '../helpers';

/**
 * The lockout (5 failed passwords or codes per account and per address in 15 minutes) against concurrent guesses:
 * each attempt is counted before it is judged (docs/decisions/050-sign-in-hardening.md), so a burst of guesses sent at
 * once gets five judged and the rest refused, whichever instance answers them. Two instances share the counters: on
 * PostgreSQL each has its own connection pool (two processes' worth of connections), with Redis the counters are
 * Redis's (decision 037; TEST_REDIS_URL, else redis://127.0.0.1:6379).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'juniper quartz meadow';
const NEW_PASSWORD = 'saffron tundra beacon';

type Store = 'database' | 'redis';

describe.each<Store>(['database', 'redis'])(
  'hardening: concurrent guesses against the lockout (%s counters)',
  (store) => {
    const prefix = `rampart-test-${randomUUID()}:`;
    const clock = manualClock(new Date());
    let db: Db;
    let otherPool: Db | undefined;
    let a: TestApp;
    let b: TestApp;
    let redis: Redis | undefined;
    let ipCounter = 0;
    let users = 0;
    const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

    beforeAll(async () => {
      const env = store === 'redis' ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {};
      db = await openTestDatabase();
      a = await createTestApp({ db, env, clock });
      // The second instance: on PostgreSQL through a pool of its own, as another process would be.
      if (testDatabaseKind() === 'postgres')
        otherPool = openPostgres(process.env.TEST_DATABASE_URL ?? '', { max: 20, applicationName: 'rampart-test-b' });
      b = await createTestApp({ db: otherPool ?? db, env, clock });
      if (store === 'redis') {
        redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await redis.connect();
      }
    });

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await otherPool?.close();
      await db?.close();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    });

    const post = (target: FastifyInstance, url: string, body: unknown, ip = nextIp()) =>
      target
        .inject({ method: 'POST', url, remoteAddress: ip, payload: body as object })
        .then((res) => ({ status: res.statusCode, body: res.json() as unknown }));

    async function latestCode(email: string): Promise<string> {
      const res = await a.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
        remoteAddress: nextIp(),
      });
      const code = /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.json()).messages[0]?.text ?? '')?.[1];
      if (!code) throw new Error(`no code for ${email}`);
      return code;
    }

    async function newUser(): Promise<string> {
      const email = `race-${store}-${(users += 1)}@example.com`;
      expect((await post(a.app, '/api/identity/sign-up', { email, password: PASSWORD })).status).toBe(200);
      expect(
        (await post(a.app, '/api/identity/confirm-sign-up', { email, code: await latestCode(email) })).status,
      ).toBe(200);
      return email;
    }

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
        ApiErrorBody.parse(res.body);
      }
      return {
        judged: results.filter((r) => r.status !== 429).length,
        refused: results.filter((r) => r.status === 429).length,
      };
    }

    it(
      'judges at most five of 25 wrong codes sent at once on one challenge, refuses the rest with 429, then the right code too',
      { timeout: 120_000 },
      async () => {
        const email = await newUser();
        const first = await post(a.app, '/api/identity/sign-in', { email, password: PASSWORD });
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const { session } = ChallengeReply.parse(first.body);
        const code = await latestCode(email);

        const results = await Promise.all(
          wrongCodes(code, 25).map((guess, i) =>
            post(i % 2 ? a.app : b.app, '/api/identity/respond-to-challenge', {
              challengeName: 'EMAIL_OTP',
              session,
              code: guess,
            }),
          ),
        );
        const { judged, refused } = tally(results);
        expect(judged).toBeLessThanOrEqual(5);
        expect(refused).toBeGreaterThanOrEqual(20);
        const right = await post(b.app, '/api/identity/respond-to-challenge', {
          challengeName: 'EMAIL_OTP',
          session,
          code,
        });
        expect(right.status, JSON.stringify(right.body)).toBe(429);
        expect(ApiErrorBody.parse(right.body).code).toBe('LimitExceededException');
      },
    );

    it(
      "does not let 60 guesses at a reset code sent at once from 60 addresses, the right one last, change the victim's password",
      { timeout: 120_000 },
      async () => {
        const email = await newUser();
        expect((await post(a.app, '/api/identity/forgot-password', { email })).status).toBe(200);
        const code = await latestCode(email);

        const guesses = [...wrongCodes(code, 59), code];
        const results = await Promise.all(
          guesses.map((guess, i) =>
            post(i % 2 ? a.app : b.app, '/api/identity/confirm-forgot-password', {
              email,
              code: guess,
              password: NEW_PASSWORD,
            }),
          ),
        );
        const { judged } = tally(results);
        expect(judged).toBeLessThanOrEqual(5);
        expect(results.at(-1)?.status).toBe(429);

        // Once the lock is over, the old password is still the one that works.
        clock.advance(15 * 60 * 1000 + 1000);
        expect((await post(b.app, '/api/identity/sign-in', { email, password: PASSWORD })).status).toBe(200);
        const refused = await post(a.app, '/api/identity/sign-in', { email, password: NEW_PASSWORD });
        expect(refused.status).toBe(400);
        expect(ApiErrorBody.parse(refused.body).code).toBe('NotAuthorizedException');
      },
    );

    it(
      'judges at most five of 20 wrong passwords sent at once, then refuses the right one',
      { timeout: 120_000 },
      async () => {
        const email = await newUser();
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            post(i % 2 ? a.app : b.app, '/api/identity/sign-in', { email, password: `wrong password ${i}` }),
          ),
        );
        const { judged } = tally(results);
        expect(judged).toBeLessThanOrEqual(5);
        const right = await post(a.app, '/api/identity/sign-in', { email, password: PASSWORD });
        expect(right.status).toBe(429);
      },
    );

    it(
      'judges at most five guesses sent at once from one address at different accounts',
      { timeout: 120_000 },
      async () => {
        const ip = nextIp();
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            post(
              i % 2 ? a.app : b.app,
              '/api/identity/sign-in',
              { email: `nobody-${store}-${i}@example.com`, password: PASSWORD },
              ip,
            ),
          ),
        );
        for (const res of results) expect([404, 429], JSON.stringify(res.body)).toContain(res.status);
        expect(results.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(5);
      },
    );

    it(
      'lets twelve users behind one address sign in at once: attempts still being judged do not lock the address',
      { timeout: 120_000 },
      async () => {
        const emails: string[] = [];
        for (let i = 0; i < 12; i++) emails.push(await newUser());
        const ip = nextIp();
        const results = await Promise.all(
          emails.map((email, i) =>
            post(i % 2 ? a.app : b.app, '/api/identity/sign-in', { email, password: PASSWORD }, ip),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(emails.map(() => 200));
        // And the address's failures still count: five wrong passwords from it, then it is refused.
        for (let i = 0; i < 5; i++)
          expect(
            (await post(a.app, '/api/identity/sign-in', { email: emails[i]!, password: `wrong ${i}` }, ip)).status,
          ).toBe(400);
        expect((await post(b.app, '/api/identity/sign-in', { email: emails[5]!, password: PASSWORD }, ip)).status).toBe(
          429,
        );
      },
    );

    it(
      'sends at most five reset codes to an account in the window when 20 requests for one arrive at once',
      { timeout: 120_000 },
      async () => {
        const email = await newUser();
        // Five reset codes a window (decision 056); the sign-up code is of another purpose.
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => post(i % 2 ? a.app : b.app, '/api/identity/forgot-password', { email })),
        );
        for (const res of results) expect([200, 429], JSON.stringify(res.body)).toContain(res.status);
        expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(5);
        const outbox = await a.app.inject({
          method: 'GET',
          url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
          remoteAddress: nextIp(),
        });
        expect(DevOutboxResponse.parse(outbox.json()).messages.length).toBeLessThanOrEqual(6);
      },
    );

    it(
      'still lets a user in after a wrong guess, and a success does not count as a failure',
      { timeout: 120_000 },
      async () => {
        const email = await newUser();
        expect((await post(a.app, '/api/identity/sign-in', { email, password: 'not the password' })).status).toBe(400);
        // Successful password steps (each sends a second-factor code: three, within the ten second-factor codes a window allows) are
        // not counted: with them the three wrong passwords below would make seven failures, without them four.
        for (let i = 0; i < 3; i++)
          expect(
            (await post(i % 2 ? a.app : b.app, '/api/identity/sign-in', { email, password: PASSWORD })).status,
          ).toBe(200);
        for (let i = 0; i < 3; i++)
          expect((await post(a.app, '/api/identity/sign-in', { email, password: `wrong ${i}` })).status).toBe(400);
        expect((await post(b.app, '/api/identity/sign-in', { email, password: PASSWORD })).status).toBe(200);
      },
    );
  },
);
