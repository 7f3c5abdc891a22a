import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import {
  ApiErrorBody,
  AuthenticatedReply,
  ChallengeReply,
  DevOutboxResponse,
  SignInResponse,
} from '@rampart/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { manualClock } from '../../src/lib/clock';

/**
 * The real app on a real database, with a clock the test moves (expiry and lockout windows without
 * sleeping). Codes are read from the development outbox, as a user reads their mail.
 */
export async function createIdentityKit() {
  const clock = manualClock(new Date());
  const t: TestApp = await createTestApp({ clock });
  const app: FastifyInstance = t.app;
  let ipCounter = 0;

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
  ) {
    const inject: InjectOptions = {
      method,
      url,
      remoteAddress: options.ip ?? '10.9.9.9',
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    };
    const res = await app.inject(inject);
    return { status: res.statusCode, body: res.json() as unknown, headers: res.headers };
  }

  const post = (
    url: string,
    body: unknown,
    options: { token?: string; ip?: string; headers?: Record<string, string> } = {},
  ) => call('POST', url, { ...options, body });

  /** The code in the newest message to an address or phone. */
  async function latestCode(to: string): Promise<string> {
    const res = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    const text = DevOutboxResponse.parse(res.body).messages[0]?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${to}`);
    return code;
  }

  function expectError(res: { status: number; body: unknown }, status: number, code: string, field?: string) {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const body = ApiErrorBody.parse(res.body);
    expect(body.code).toBe(code);
    if (field) expect(body.errors?.fields[field]).toBe(body.message);
    return body;
  }

  async function signUpConfirmed(email: string, password: string, ip = nextIp()) {
    const res = await post('/api/identity/sign-up', { email, password }, { ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const confirm = await post(
      '/api/identity/confirm-sign-up',
      { email, code: await latestCode(email.toLowerCase()) },
      { ip },
    );
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  }

  /** Password, then the emailed second factor (R2), to tokens. */
  async function signIn(
    email: string,
    password: string,
    ip = nextIp(),
  ): Promise<AuthenticatedReply['authenticationResult']> {
    const first = await post('/api/identity/sign-in', { email, password }, { ip });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const challenge = ChallengeReply.parse(first.body);
    expect(challenge.challengeName).toBe('EMAIL_OTP');
    const second = await post(
      '/api/identity/respond-to-challenge',
      { challengeName: 'EMAIL_OTP', session: challenge.session, code: await latestCode(email.toLowerCase()) },
      { ip },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult;
  }

  function nextIp(): string {
    ipCounter += 1;
    return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  }

  return {
    t,
    app,
    clock,
    call,
    post,
    latestCode,
    expectError,
    signUpConfirmed,
    signIn,
    nextIp,
    async close() {
      await t.close();
    },
  };
}

export type IdentityKit = Awaited<ReturnType<typeof createIdentityKit>>;
