import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { AccountReply, ApiErrorBody, AuthenticatedReply, ChallengeReply, DevOutboxResponse, SignInResponse, type KycIndividualInput } from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Env } from '../../config';
import type { Clock } from '../../lib/clock';

/**
 * The real app on a real database for the KYC suites, with users signed in through HTTP as the SPA does
 * (sign-up, emailed code, password, emailed second factor). The custodian decides at once (no review delay).
 */
export async function createKycKit(options: { env?: Env; worker?: boolean; clock?: Clock } = {}) {
  const t: TestApp = await createTestApp({
    env: { CUSTODIAN_REVIEW_DELAY_SECONDS: '0', ...options.env },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  if (options.worker) await t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
  let ipCounter = 0;

  async function call(url: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; method?: 'GET' | 'POST' } = {}) {
    ipCounter += 1;
    const inject: InjectOptions = {
      method: options.method ?? 'POST',
      url,
      remoteAddress: `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    };
    const res = await t.app.inject(inject);
    return { status: res.statusCode, body: res.json() as unknown };
  }

  async function latestCode(to: string): Promise<string> {
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { method: 'GET' });
    const code = /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.body).messages[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${to}`);
    return code;
  }

  /** A new confirmed user, signed in: returns the bearer token the SPA would send. */
  async function signedInUser(email: string): Promise<string> {
    const password = 'correct horse battery staple';
    expect((await call('/api/identity/sign-up', { body: { email, password } })).status).toBe(200);
    expect((await call('/api/identity/confirm-sign-up', { body: { email, code: await latestCode(email) } })).status).toBe(200);
    const first = ChallengeReply.parse((await call('/api/identity/sign-in', { body: { email, password } })).body);
    const second = await call('/api/identity/respond-to-challenge', {
      body: { challengeName: 'EMAIL_OTP', session: first.session, code: await latestCode(email) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult.accessToken;
  }

  function expectError(res: { status: number; body: unknown }, status: number, code: string) {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const body = ApiErrorBody.parse(res.body);
    expect(body.code).toBe(code);
    return body;
  }

  async function accountStatus(token: string) {
    const res = await call('/api/primetrust/account/get', { token, body: {} });
    expect(res.status).toBe(200);
    return AccountReply.parse(res.body);
  }

  /** Waits for the decision job (the worker polls every 0.5 s). */
  async function waitForDecision(token: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const account = await accountStatus(token);
      if (account.status !== 'pending' || Date.now() > deadline) return account;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return { t, call, signedInUser, expectError, accountStatus, waitForDecision, close: () => t.close() };
}

export type KycKit = Awaited<ReturnType<typeof createKycKit>>;

/** A record every rule accepts: 30 years old on any test day. */
export function validIndividual(overrides: { first?: string; last?: string } = {}): KycIndividualInput {
  const year = new Date().getUTCFullYear() - 30;
  return {
    name: { first: overrides.first ?? 'Ada', last: overrides.last ?? 'Lovelace' },
    birth: { year, month: 3, day: 14 },
    tax: { identifier: '123-45-6789' },
    address: { street1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US', region: 'IL' },
    telephone: { country: 'US', countryCode: '1', number: '2015550123' },
  };
}
