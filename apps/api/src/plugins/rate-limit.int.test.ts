import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  AuthenticatedReply,
  ChallengeReply,
  DevOutboxResponse,
  SignInResponse,
} from '@rampart/contracts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/helpers';

/** Decision 037 without Redis: the per-client request limits of one process. Low limits, configured per app. */
const PASSWORD = 'tangerine submarine velvet';
const opened: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

async function app(env: Record<string, string>, db?: TestApp['db']): Promise<TestApp> {
  const t = await createTestApp({ env, ...(db ? { db } : {}) });
  opened.push(t);
  return t;
}

function call(
  target: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { ip: string; token?: string; body?: unknown },
) {
  return target.inject({
    method,
    url,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

function expectRateLimited(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(429);
  const body = ApiErrorBody.parse(res.json());
  expect(body).toMatchObject({
    code: 'rate_limited',
    type: 'rate_limit_error',
    message: 'Too many requests, please try again later',
  });
  expect(body.requestId).toBe(res.headers['x-request-id']);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function latestCode(target: FastifyInstance, email: string): Promise<string> {
  const res = await call(target, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`, { ip: '10.77.0.1' });
  const code = /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.json()).messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

/** A confirmed user signed in with the emailed second factor; every step from an address of its own. */
async function signedInUser(target: FastifyInstance, email: string): Promise<string> {
  expect(
    (await call(target, 'POST', '/api/identity/sign-up', { ip: '10.66.0.1', body: { email, password: PASSWORD } }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await call(target, 'POST', '/api/identity/confirm-sign-up', {
        ip: '10.66.0.2',
        body: { email, code: await latestCode(target, email) },
      })
    ).statusCode,
  ).toBe(200);
  const first = await call(target, 'POST', '/api/identity/sign-in', {
    ip: '10.66.0.3',
    body: { email, password: PASSWORD },
  });
  const challenge = ChallengeReply.parse(first.json());
  const code = await latestCode(target, email);
  const second = await call(target, 'POST', '/api/identity/respond-to-challenge', {
    ip: '10.66.0.4',
    body: { challengeName: 'EMAIL_OTP', session: challenge.session, code },
  });
  return AuthenticatedReply.parse(SignInResponse.parse(second.json())).authenticationResult.accessToken;
}

describe('request rate limits in one process (no REDIS_URL)', () => {
  it("refuses a client's requests over the minute's budget with rate_limited and Retry-After; other clients go on", async () => {
    const { app: api } = await app({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const res = await call(api, 'GET', '/api/config', { ip: '203.0.113.7' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    expectRateLimited(await call(api, 'GET', '/api/config', { ip: '203.0.113.7' }));
    // A bad body changes nothing about it: the refusal comes before the request is read.
    expectRateLimited(await call(api, 'POST', '/api/ramp/quote', { ip: '203.0.113.7', body: { nonsense: true } }));
    expect((await call(api, 'GET', '/api/config', { ip: '203.0.113.8' })).statusCode).toBe(200);
    // IPv6 clients are counted per /64: a neighbour address in the same network shares the budget.
    for (let i = 0; i < 3; i++)
      expect((await call(api, 'GET', '/api/config', { ip: `2001:db8:1:2::${i + 1}` })).statusCode).toBe(200);
    expectRateLimited(await call(api, 'GET', '/api/config', { ip: '2001:db8:1:2::99' }));
  });

  it('gives the sign-in, sign-up and code routes a stricter budget of their own', async () => {
    const { app: api } = await app({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    const ip = '198.51.100.20';
    expect(
      (
        await call(api, 'POST', '/api/identity/sign-in', {
          ip,
          body: { email: 'nobody@example.com', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(api, 'POST', '/api/identity/forgot-password', { ip, body: { email: 'nobody@example.com' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(api, 'POST', '/api/identity/sign-up', { ip, body: { email: 'new@example.com', password: 'short' } }))
        .statusCode,
    ).toBe(400);
    expectRateLimited(
      await call(api, 'POST', '/api/identity/sign-up', { ip, body: { email: 'new2@example.com', password: PASSWORD } }),
    );
    expectRateLimited(await call(api, 'POST', '/api/identity/resend-code', { ip, body: { email: 'new@example.com' } }));
    // The same address still has its general budget for everything else.
    expect((await call(api, 'GET', '/api/config', { ip })).statusCode).toBe(200);
    // Nothing was created by the refused sign-up.
    expect(
      (
        await call(api, 'POST', '/api/identity/sign-in', {
          ip: '198.51.100.21',
          body: { email: 'new2@example.com', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('counts a signed-in client per user, wherever it calls from, and apart from its address', async () => {
    const { app: api } = await app({ RATE_LIMIT_PER_MINUTE: '3' });
    const token = await signedInUser(api, 'rita@example.com');
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await call(api, 'GET', '/api/identity/user', { ip, token })).statusCode).toBe(200);
    }
    expectRateLimited(await call(api, 'GET', '/api/identity/user', { ip: '192.0.2.4', token }));
    // The address itself has spent nothing: an anonymous call from it still passes.
    expect((await call(api, 'GET', '/api/config', { ip: '192.0.2.1' })).statusCode).toBe(200);
    // A forged token is no way around the address's budget: it counts as the address.
    for (let i = 0; i < 2; i++)
      expect(
        (await call(api, 'GET', '/api/config', { ip: '192.0.2.1', token: `${token.slice(0, -4)}AAAA` })).statusCode,
      ).toBe(200);
    expectRateLimited(await call(api, 'GET', '/api/config', { ip: '192.0.2.1', token: 'not-a-token' }));
  });

  it('never limits the health check, the metrics or the SPA', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'rampart-spa-'));
    opened.push({ close: () => rm(dist, { recursive: true, force: true }) });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Rampart</title>');
    const { app: api } = await app({ RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_AUTH_PER_MINUTE: '1', WEB_DIST_DIR: dist });
    const ip = '203.0.113.50';
    expect((await call(api, 'GET', '/api/config', { ip })).statusCode).toBe(200);
    expectRateLimited(await call(api, 'GET', '/api/config', { ip }));
    for (let i = 0; i < 5; i++) {
      const health = await call(api, 'GET', '/api/user/healthcheck', { ip });
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      expect((await call(api, 'GET', '/api/metrics', { ip })).statusCode).not.toBe(429);
      expect((await call(api, 'GET', '/', { ip })).statusCode).toBe(200);
      expect((await call(api, 'GET', '/trade/buy', { ip })).statusCode).toBe(200);
    }
  });

  it('switches a budget off with 0 (the benchmarks), leaving the other on', async () => {
    const { app: api } = await app({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '1' });
    const ip = '203.0.113.60';
    for (let i = 0; i < 50; i++) expect((await call(api, 'GET', '/api/config', { ip })).statusCode).toBe(200);
    expect(
      (await call(api, 'POST', '/api/identity/forgot-password', { ip, body: { email: 'nobody@example.com' } }))
        .statusCode,
    ).toBe(404);
    expectRateLimited(
      await call(api, 'POST', '/api/identity/forgot-password', { ip, body: { email: 'nobody@example.com' } }),
    );
  });

  it('counts in each instance alone: two instances on one database each give a client the full budget', async () => {
    const db = await openTestDatabase();
    opened.push({ close: () => db.close() });
    const a = await app({ RATE_LIMIT_PER_MINUTE: '2' }, db);
    const b = await app({ RATE_LIMIT_PER_MINUTE: '2' }, db);
    const ip = '203.0.113.70';
    for (const instance of [a, b, a, b])
      expect((await call(instance.app, 'GET', '/api/config', { ip })).statusCode).toBe(200);
    expectRateLimited(await call(a.app, 'GET', '/api/config', { ip }));
    expectRateLimited(await call(b.app, 'GET', '/api/config', { ip }));
  });
});
