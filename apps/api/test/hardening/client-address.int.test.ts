import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '@rampart/contracts';
import { ConfigError } from '../../src/config';
import { createTestApp, testConfig, type TestApp } from '../helpers';

/**
 * Decision 052: behind a load balancer the client's address is what the balancer saw, not what the client wrote.
 * A balancer appends the address it was called from to X-Forwarded-For, after whatever the client sent; a client that
 * rotates the left-most entry must still be counted as one client by the request limits and the address lockout.
 * `inject` calls from 127.0.0.1, which plays the balancer here.
 */
const BALANCER = '127.0.0.1';
const PASSWORD = 'tangerine submarine velvet';
let spoofed = 0;
/** A new made-up address before the real one, as a client rotating its X-Forwarded-For sends through the balancer. */
const forwardedFor = (realClient: string) => `198.51.100.${(++spoofed % 250) + 1}, ${realClient}`;

function signIn(app: TestApp, email: string, realClient: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': forwardedFor(realClient) },
    payload: { email, password: PASSWORD },
  });
}

describe.each([
  ['a number of proxies', '1'],
  ["the balancer's addresses", '10.0.0.0/8, 127.0.0.0/8'],
])('TRUST_PROXY as %s', (_label, trustProxy) => {
  let limited: TestApp;
  let lockouts: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
    lockouts = await createTestApp({
      env: { TRUST_PROXY: trustProxy, RATE_LIMIT_AUTH_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0' },
    });
  });

  afterAll(async () => {
    await limited?.close();
    await lockouts?.close();
  });

  it('counts a client that rotates its X-Forwarded-For against one request budget, and another client apart', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) {
      const res = await signIn(limited, `nobody${i}@example.com`, client);
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const over = await signIn(limited, 'nobody3@example.com', client);
    expect(over.statusCode, over.body).toBe(429);
    expect(ApiErrorBody.parse(over.json()).code).toBe('rate_limited');
    // Someone else behind the same balancer has a budget of their own.
    const other = await signIn(limited, 'nobody4@example.com', '203.0.113.8');
    expect(other.statusCode, other.body).not.toBe(429);
  });

  it('locks the address of a client that rotates its X-Forwarded-For after five failed sign-ins', async () => {
    const client = '203.0.113.9';
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn(lockouts, `guess${i}@example.com`, client);
      expect(res.statusCode, res.body).toBe(404);
      expect(ApiErrorBody.parse(res.json()).code).toBe('UserNotFoundException');
    }
    const locked = await signIn(lockouts, 'guess5@example.com', client);
    expect(locked.statusCode, locked.body).toBe(429);
    expect(ApiErrorBody.parse(locked.json()).code).toBe('LimitExceededException');
  });
});

describe('TRUST_PROXY=true', () => {
  it.each(['true', 'TRUE', 'yes'])('stops the start with a message naming TRUST_PROXY (%s)', (value) => {
    let problems: string[] = [];
    try {
      testConfig({ TRUST_PROXY: value });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
      else throw error;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: .*number of proxies/);
  });
});
