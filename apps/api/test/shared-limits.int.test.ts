import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, DevOutboxResponse } from '@rampart/contracts';
import type { Db } from '../src/db';
import { manualClock } from '../src/lib/clock';
import { createTestApp, openTestDatabase, type TestApp } from './helpers';

/**
 * Decision 037: with REDIS_URL, two instances of the API share the request limits and the lockout counters. Runs
 * against the machine's Redis (TEST_REDIS_URL, else redis://127.0.0.1:6379); without one the file fails, it is not
 * skipped. Every key of the run lives under a prefix of its own, deleted at the end.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `rampart-test-${randomUUID()}:`;
const PASSWORD = 'tangerine submarine velvet';

let db: Db;
let a: TestApp;
let b: TestApp;
let redis: Redis;
// Both instances read one clock the test moves, as two servers read the same time of day.
const clock = manualClock(new Date());
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function call(target: FastifyInstance, method: 'GET' | 'POST', url: string, options: { ip: string; body?: unknown }) {
  return target.inject({
    method,
    url,
    remoteAddress: options.ip,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

function errorOf(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ApiErrorBody.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

async function latestCode(target: FastifyInstance, email: string): Promise<string> {
  const res = await call(target, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`, { ip: nextIp() });
  const code = /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.json()).messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

async function signUpConfirmed(target: FastifyInstance, email: string) {
  expect(
    (await call(target, 'POST', '/api/identity/sign-up', { ip: nextIp(), body: { email, password: PASSWORD } }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await call(target, 'POST', '/api/identity/confirm-sign-up', {
        ip: nextIp(),
        body: { email, code: await latestCode(target, email) },
      })
    ).statusCode,
  ).toBe(200);
}

const signIn = (target: FastifyInstance, email: string, password: string, ip = nextIp()) =>
  call(target, 'POST', '/api/identity/sign-in', { ip, body: { email, password } });

async function deleteRunKeys() {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length > 0) await redis.del(...keys);
}

const env = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX, RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_AUTH_PER_MINUTE: '100' };

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  db = await openTestDatabase();
  a = await createTestApp({ db, env, clock });
  b = await createTestApp({ db, env, clock });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  if (redis) {
    await deleteRunKeys();
    await redis.quit();
  }
});

describe('limits and lockouts shared by two instances through Redis', () => {
  it("limits a client's requests spread over both instances together", async () => {
    const ip = '203.0.113.90';
    for (const instance of [a, b, a, b])
      expect((await call(instance.app, 'GET', '/api/config', { ip })).statusCode).toBe(200);
    for (const instance of [a, b]) {
      const refused = await call(instance.app, 'GET', '/api/config', { ip });
      expect(errorOf(refused, 429, 'rate_limited').message).toBe('Too many requests, please try again later');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await call(b.app, 'GET', '/api/config', { ip: '203.0.113.91' })).statusCode).toBe(200);
    // The counters are Redis's, under this deployment's prefix.
    expect(await redis.exists(`${PREFIX}rate-limit:all:ip:203.0.113.90`)).toBe(1);
  });

  it('locks an account on instance B after 5 failed passwords on instance A, and counts nothing in the database', async () => {
    await signUpConfirmed(a.app, 'lena@example.com');
    for (let i = 0; i < 5; i++)
      errorOf(await signIn(a.app, 'lena@example.com', `wrong password ${i}`), 400, 'NotAuthorizedException');
    const locked = errorOf(await signIn(b.app, 'lena@example.com', PASSWORD), 429, 'LimitExceededException');
    expect(locked.message).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(errorOf(await signIn(a.app, 'lena@example.com', PASSWORD), 429, 'LimitExceededException').message).toBe(
      locked.message,
    );
    const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM identity_attempts');
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('keeps the 15-minute window: the lock ends when the oldest failure leaves it', async () => {
    await signUpConfirmed(a.app, 'kai@example.com');
    for (let i = 0; i < 5; i++)
      errorOf(
        await signIn(i % 2 ? a.app : b.app, 'kai@example.com', `wrong password ${i}`),
        400,
        'NotAuthorizedException',
      );
    clock.advance(10 * 60 * 1000);
    const later = await signIn(a.app, 'kai@example.com', PASSWORD);
    expect(errorOf(later, 429, 'LimitExceededException').message).toBe(
      'Too many failed attempts. Please try again in 5 minutes.',
    );
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(4 * 60);
    clock.advance(5 * 60 * 1000 + 1000);
    expect((await signIn(b.app, 'kai@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('clears the failures on a successful sign-in through either instance', async () => {
    await signUpConfirmed(b.app, 'mona@example.com');
    for (let i = 0; i < 4; i++)
      errorOf(await signIn(a.app, 'mona@example.com', `wrong password ${i}`), 400, 'NotAuthorizedException');
    const first = await signIn(b.app, 'mona@example.com', PASSWORD);
    expect(first.statusCode).toBe(200);
    const { session } = first.json() as { session: string };
    const done = await call(b.app, 'POST', '/api/identity/respond-to-challenge', {
      ip: nextIp(),
      body: { challengeName: 'EMAIL_OTP', session, code: await latestCode(b.app, 'mona@example.com') },
    });
    expect(done.statusCode, done.body).toBe(200);
    // Four more failures on A do not lock: the earlier four were cleared.
    for (let i = 0; i < 4; i++)
      errorOf(await signIn(a.app, 'mona@example.com', `wrong again ${i}`), 400, 'NotAuthorizedException');
    expect((await signIn(b.app, 'mona@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('limits failures per client address across instances and accounts', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++)
      errorOf(await signIn(i % 2 ? a.app : b.app, `ghost${i}@example.com`, PASSWORD, ip), 404, 'UserNotFoundException');
    errorOf(await signIn(a.app, 'ghost9@example.com', PASSWORD, ip), 429, 'LimitExceededException');
    errorOf(await signIn(b.app, 'ghost9@example.com', PASSWORD, ip), 429, 'LimitExceededException');
  });

  it('limits codes sent to an account over both instances (5 reset codes in 15 minutes)', async () => {
    await signUpConfirmed(a.app, 'nils@example.com');
    // Five reset codes, alternating instances (the sign-up code is of another purpose: decision 056).
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 ? a.app : b.app, 'POST', '/api/identity/forgot-password', {
        ip: nextIp(),
        body: { email: 'nils@example.com' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    errorOf(
      await call(b.app, 'POST', '/api/identity/forgot-password', { ip: nextIp(), body: { email: 'nils@example.com' } }),
      429,
      'TooManyRequestsException',
    );
    errorOf(
      await call(a.app, 'POST', '/api/identity/forgot-password', { ip: nextIp(), body: { email: 'nils@example.com' } }),
      429,
      'TooManyRequestsException',
    );
  });
});

describe('when Redis is away', () => {
  it('refuses to start, naming REDIS_URL', async () => {
    // A port nobody listens on.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createTestApp({ db, env: { ...env, REDIS_URL: `redis://user:secret@127.0.0.1:${port}` } }),
    ).rejects.toThrow(new RegExp(`^REDIS_URL: Redis at redis://127\\.0\\.0\\.1:${port} did not answer`));
  });

  it(
    'mid-flight: sign-ins refuse with 503 (fail closed) while other requests go on unlimited, and recover when it is back',
    { timeout: 90_000 },
    async () => {
      // The instance reaches Redis through a relay the test can cut.
      const target = new URL(REDIS_URL);
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const port = (relay.address() as net.AddressInfo).port;
      const viaRelay = new URL(REDIS_URL);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(port);
      const c = await createTestApp({
        db,
        env: { ...env, REDIS_URL: viaRelay.toString(), RATE_LIMIT_PER_MINUTE: '2' },
      });
      try {
        await signUpConfirmed(a.app, 'otto@example.com');
        expect((await signIn(c.app, 'otto@example.com', PASSWORD)).statusCode).toBe(200);

        // Probes with unknown accounts from fresh addresses: 404 while counted, 503 while the counters are away.
        let probes = 0;
        const probe = async () =>
          (await signIn(c.app, `ghost-probe-${(probes += 1)}@example.com`, PASSWORD)).statusCode;
        const closed = new Promise((resolve) => relay.close(resolve));
        for (const s of sockets) s.destroy();
        await closed;
        await waitFor(async () => (await probe()) === 503);
        const refused = errorOf(await signIn(c.app, 'otto@example.com', PASSWORD), 503, 'unavailable');
        expect(refused.message).toBe('The service is temporarily unavailable');
        // The request limit lets requests through rather than refusing everything (its budget here is 2).
        for (let i = 0; i < 5; i++)
          expect((await call(c.app, 'GET', '/api/config', { ip: '203.0.113.99' })).statusCode).toBe(200);

        await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
        await waitFor(async () => (await probe()) === 404);
        expect((await signIn(c.app, 'otto@example.com', PASSWORD)).statusCode).toBe(200);
        // Counting again: the budget of 2 holds once more.
        const ip = '203.0.113.100';
        for (let i = 0; i < 2; i++) expect((await call(c.app, 'GET', '/api/config', { ip })).statusCode).toBe(200);
        errorOf(await call(c.app, 'GET', '/api/config', { ip }), 429, 'rate_limited');
      } finally {
        await c.close();
        relay.close();
        for (const s of sockets) s.destroy();
      }
    },
  );
});

/** Polls a condition the system reaches on its own (a reconnect), up to 15 s. */
async function waitFor(condition: () => Promise<boolean>) {
  for (let i = 0; i < 75; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the condition was not reached within 15 s');
}
