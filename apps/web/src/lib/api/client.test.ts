// @vitest-environment node
// A real local HTTP server is needed (real fetch, real sockets), which jsdom does not give.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FROZEN_ACCOUNT_MARKER } from '@rampart/contracts';
import {
  ApiError,
  createApiClient,
  errorText,
  LONG_WORK_TIMEOUT_MS,
  isAccountFrozenError,
  parseRetryAfter,
  retryDelayMs,
  type ApiClientOptions,
} from './index';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

let server: Server;
let baseUrl: string;
let seen: SeenRequest[];
let handler: Handler;
let sleeps: number[];

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeEach(async () => {
  seen = [];
  sleeps = [];
  handler = (_req, res) => json(res, 200, { ok: true });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = seen.length;
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/api`;
});

afterEach(async () => {
  // Hung requests of the timeout tests would otherwise keep the server open.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  vi.restoreAllMocks();
});

/** The real client on real fetch; sleep records and resolves at once so back-off tests run fast. */
function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    ...extra,
  });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw new Error(`expected an ApiError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the request to fail');
}

function destroy(req: IncomingMessage): void {
  req.socket.destroy();
}

describe('request encoding', () => {
  it('POSTs JSON with bearer token, Accept, Idempotency-Key, and returns the parsed reply', async () => {
    handler = (_req, res) => json(res, 200, { relatedId: 'r-1' });
    const reply = await client({ getToken: () => 'tok-123' }).request('/contact/set/individualinfo', {
      body: { firstName: 'Ana', amount: 12.5, tags: ['a', 'b'] },
      idempotencyKey: 'key-1',
    });
    expect(reply).toEqual({ relatedId: 'r-1' });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/contact/set/individualinfo');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers.authorization).toBe('Bearer tok-123');
    expect(req?.headers['idempotency-key']).toBe('key-1');
    expect(JSON.parse(req?.body ?? '')).toEqual({ firstName: 'Ana', amount: 12.5, tags: ['a', 'b'] });
  });

  it('sends an empty JSON object for a POST without body, and no Authorization without a token', async () => {
    await client({ getToken: async () => null }).request('/user/authcheck');
    expect(seen[0]?.body).toBe('{}');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('waits for an async getToken', async () => {
    await client({ getToken: () => Promise.resolve('async-tok') }).request('/user/country');
    expect(seen[0]?.headers.authorization).toBe('Bearer async-tok');
  });

  it('GET sends the body as a query string: undefined skipped, arrays repeat the key, no body', async () => {
    await client({ getToken: () => 't' }).request('/user/healthcheck', {
      method: 'GET',
      body: { q: 'a b&c', n: 2, flag: true, skip: undefined, ids: ['1', '2'] },
    });
    const req = seen[0];
    expect(req?.method).toBe('GET');
    expect(req?.body).toBe('');
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.headers.authorization).toBe('Bearer t');
    const url = new URL(req?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/user/healthcheck');
    expect(url.searchParams.get('q')).toBe('a b&c');
    expect(url.searchParams.get('n')).toBe('2');
    expect(url.searchParams.get('flag')).toBe('true');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
  });

  it('GET without body has no query string', async () => {
    await client().request('/user/healthcheck', { method: 'GET' });
    expect(seen[0]?.url).toBe('/api/user/healthcheck');
  });

  it('DELETE fills path params (encoded) and sends the body as a query string', async () => {
    await client().request('/cards/:id', {
      method: 'DELETE',
      params: { id: 'a/b c' },
      body: { reason: 'lost' },
    });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.url).toBe('/api/cards/a%2Fb%20c?reason=lost');
    expect(seen[0]?.body).toBe('');
  });

  it.each([
    ['a number', 42],
    ['undefined (missing)', undefined],
    ['null', null],
    ['an object', { id: 'x' }],
    ['an empty string', ''],
  ])('a path param that is %s throws TypeError before any request', async (_label, value) => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const api = client({ fetch: fetchSpy });
    await expect(api.request('/ramp/tracking/:id', { params: { id: value } })).rejects.toThrow(TypeError);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('a non-string param the path does not use still throws before any request', async () => {
    await expect(client().request('/ramp/assets', { params: { page: 2 } })).rejects.toThrow(/Path parameter "page"/);
    expect(seen).toHaveLength(0);
  });

  it('a path segment with no param given throws TypeError before any request', async () => {
    await expect(client().request('/ramp/tracking/:id')).rejects.toThrow(/Path parameter "id"/);
    expect(seen).toHaveLength(0);
  });
});

describe('retries', () => {
  it('a dropped connection without retry fails at once with the connection message', async () => {
    handler = (req) => destroy(req);
    const err = await caught(client().request('/primetrust/account/get'));
    expect(err.kind).toBe('connection');
    expect(err.type).toBe('connection_error');
    expect(err.message).toBe('An error occurred with our connection to the service');
    expect(err.retries).toBe(0);
    expect(err.statusCode).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a dropped connection is retried 3 times, then says so', async () => {
    handler = (req) => destroy(req);
    const err = await caught(client().request('/primetrust/account/get', { retry: true }));
    expect(err.kind).toBe('connection');
    expect(err.message).toBe('An error occurred with our connection to the service. Request was retried 3 times');
    expect(err.retries).toBe(3);
    expect(seen).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
  });

  it('a dropped connection then 200 succeeds on retry', async () => {
    handler = (req, res, i) => (i === 0 ? destroy(req) : json(res, 200, { status: 'opened' }));
    const reply = await client().request('/primetrust/account/get', { retry: true });
    expect(reply).toEqual({ status: 'opened' });
    expect(seen).toHaveLength(2);
  });

  it('500 then 200 succeeds on retry', async () => {
    handler = (_req, res, i) => (i === 0 ? json(res, 500, { message: 'boom' }) : json(res, 200, { available: 5 }));
    const reply = await client().request('/primetrust-accounts-view', { retry: true });
    expect(reply).toEqual({ available: 5 });
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([375]); // first step 500 ms, equal jitter with random 0.5: 250 + 0.5 * 250
  });

  it('500 without retry fails at once', async () => {
    handler = (_req, res) => json(res, 500, { message: 'boom', code: 'internal' });
    const err = await caught(client().request('/primetrust-accounts-view'));
    expect(err.kind).toBe('general');
    expect(err.statusCode).toBe(500);
    expect(err.message).toBe('boom');
    expect(err.code).toBe('internal');
    expect(err.retries).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('409 then 200 succeeds on retry, resending the same Idempotency-Key', async () => {
    handler = (_req, res, i) =>
      i === 0 ? json(res, 409, { message: 'in flight', type: 'idempotency_error' }) : json(res, 200, { id: 'm-1' });
    const reply = await client().request('/cc-method-add', {
      retry: true,
      idempotencyKey: 'idem-9',
      body: { nickname: 'Visa' },
    });
    expect(reply).toEqual({ id: 'm-1' });
    expect(seen).toHaveLength(2);
    expect(seen.map((r) => r.headers['idempotency-key'])).toEqual(['idem-9', 'idem-9']);
    expect(seen.map((r) => r.body)).toEqual(['{"nickname":"Visa"}', '{"nickname":"Visa"}']);
  });

  it('honours Retry-After in seconds', async () => {
    handler = (_req, res, i) =>
      i === 0 ? json(res, 503, { message: 'busy' }, { 'retry-after': '1' }) : json(res, 200, { ok: 1 });
    await expect(client().request('/ramp/assets', { retry: true })).resolves.toEqual({ ok: 1 });
    expect(sleeps).toEqual([1000]);
    expect(seen).toHaveLength(2);
  });

  it('caps a Retry-After of 120 s at 60 s', async () => {
    handler = (_req, res, i) =>
      i === 0 ? json(res, 503, { message: 'busy' }, { 'retry-after': '120' }) : json(res, 200, { ok: 1 });
    await client().request('/ramp/assets', { retry: true });
    expect(sleeps).toEqual([60_000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    handler = (_req, res, i) =>
      i === 0 ? json(res, 503, { message: 'busy' }, { 'retry-after': at }) : json(res, 200, { ok: 1 });
    await client().request('/ramp/assets', { retry: true });
    expect(sleeps).toHaveLength(1);
    // The date has whole-second precision, so up to a second (plus test time) is lost.
    expect(sleeps[0]).toBeGreaterThan(27_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_000);
  });

  it('always 500: 3 retries then the error; 4 requests; back-off grows and stays under 3000 ms', async () => {
    handler = (_req, res) => json(res, 500, { errorMessage: 'still down' });
    const err = await caught(client({ random: () => 0.999 }).request('/ramp/limits', { retry: true }));
    expect(err.kind).toBe('general');
    expect(err.statusCode).toBe(500);
    expect(err.message).toBe('still down');
    expect(err.retries).toBe(3);
    expect(seen).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    for (let i = 1; i < sleeps.length; i += 1) expect(sleeps[i]).toBeGreaterThan(sleeps[i - 1] ?? Infinity);
    for (const ms of sleeps) expect(ms).toBeLessThanOrEqual(3000);
    expect(sleeps).toEqual([500, 1000, 1999]);
  });

  it('400 is never retried', async () => {
    handler = (_req, res) => json(res, 400, { message: 'bad input', code: 'bad.input' });
    const err = await caught(client().request('/ramp/limits', { retry: true }));
    expect(err.statusCode).toBe(400);
    expect(err.kind).toBe('general');
    expect(err.retries).toBe(0);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a hang past the timeout is a network failure (and is retried when asked)', async () => {
    handler = () => {
      /* never answers */
    };
    const once = await caught(client().request('/user/authcheck', { timeoutMs: 50 }));
    expect(once.kind).toBe('connection');
    expect(once.code).toBe('request.timeout');
    expect(once.message).toBe('An error occurred with our connection to the service');
    expect(seen).toHaveLength(1);

    const retried = await caught(client({ timeoutMs: 50 }).request('/user/authcheck', { retry: true }));
    expect(retried.kind).toBe('connection');
    expect(retried.message).toBe('An error occurred with our connection to the service. Request was retried 3 times');
    expect(seen).toHaveLength(5);
  });

  it("gives up after the document's 5,000 ms by default; a call of long work waits the document's 80 s (decision 062)", async () => {
    vi.useFakeTimers();
    try {
      const never = vi.fn((): Promise<Response> => new Promise(() => {}));
      const api = createApiClient({ baseUrl, fetch: never });
      let settled: ApiError | undefined;
      void caught(api.request('/ramp/assets')).then((e) => (settled = e));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled?.code).toBe('request.timeout');
      expect(settled?.message).toBe('An error occurred with our connection to the service');

      let long: ApiError | undefined;
      void caught(api.request('/identity/sign-in', { timeoutMs: LONG_WORK_TIMEOUT_MS })).then((e) => (long = e));
      await vi.advanceTimersByTimeAsync(79_999);
      expect(long).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(long?.code).toBe('request.timeout');
      expect(LONG_WORK_TIMEOUT_MS).toBe(80_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the timeout also covers a body that stalls after the headers', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    };
    const err = await caught(client({ timeoutMs: 80 }).request('/ramp/assets'));
    expect(err.kind).toBe('connection');
    expect(err.code).toBe('request.timeout');
  });

  it("the caller's abort is passed through and not retried", async () => {
    handler = () => {
      /* never answers */
    };
    const controller = new AbortController();
    const pending = client().request('/ramp/assets', { retry: true, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('back-off arithmetic', () => {
  it('starts at 500 ms, doubles, never exceeds 3000 ms, and every step is above the whole previous range', () => {
    for (let i = 0; i < 10; i += 1) {
      expect(retryDelayMs(i, () => 0)).toBeLessThanOrEqual(3000);
      expect(retryDelayMs(i, () => 0.9999)).toBeLessThanOrEqual(3000);
      expect(retryDelayMs(i, () => 5)).toBeLessThanOrEqual(3000);
    }
    expect([0, 1, 2, 3, 4].map((i) => retryDelayMs(i, () => 0.9999))).toEqual([500, 1000, 2000, 3000, 3000]);
    expect([0, 1, 2, 3].map((i) => retryDelayMs(i, () => 0))).toEqual([250, 500, 1000, 1500]);
    // Worst case for "growing": an unlucky high draw followed by a low one still grows.
    expect(retryDelayMs(1, () => 0)).toBeGreaterThanOrEqual(retryDelayMs(0, () => 0.9999));
    expect(retryDelayMs(2, () => 0)).toBeGreaterThanOrEqual(retryDelayMs(1, () => 0.9999));
  });

  it('reads Retry-After as seconds or a date, capped at 60 s', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('120', now)).toBe(60_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 01:00:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('error replies', () => {
  it('non-JSON 200 is "Service Unavailable" with code response.not.json', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    const err = await caught(client().request('/ramp/assets'));
    expect(err.message).toBe('Service Unavailable');
    expect(err.code).toBe('response.not.json');
    expect(err.statusCode).toBe(200);
    expect(err.kind).toBe('general');
    expect(seen).toHaveLength(1);
  });

  it('non-JSON 502 is retried like any 5xx, then "Service Unavailable"', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    };
    const err = await caught(client().request('/ramp/assets', { retry: true }));
    expect(err.message).toBe('Service Unavailable');
    expect(err.code).toBe('response.not.json');
    expect(err.statusCode).toBe(502);
    expect(err.retries).toBe(3);
    expect(seen).toHaveLength(4);
  });

  it('401 with the frozen marker calls onAccountFrozen and is recognisable', async () => {
    const onAccountFrozen = vi.fn();
    handler = (_req, res) =>
      json(res, 401, { message: `${FROZEN_ACCOUNT_MARKER} account frozen by the custodian`, code: 'account.frozen' });
    const err = await caught(client({ onAccountFrozen }).request('/primetrust/account/get', { retry: true }));
    expect(onAccountFrozen).toHaveBeenCalledTimes(1);
    expect(isAccountFrozenError(err)).toBe(true);
    expect(err.kind).toBe('authentication');
    expect(err.type).toBe('authentication_error');
    expect(err.statusCode).toBe(401);
    expect(err.message.startsWith(FROZEN_ACCOUNT_MARKER)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('an ordinary 401 is an authentication error without the frozen flag', async () => {
    const onAccountFrozen = vi.fn();
    handler = (_req, res) => json(res, 401, { message: 'token expired' });
    const err = await caught(client({ onAccountFrozen }).request('/user/authcheck'));
    expect(err.kind).toBe('authentication');
    expect(err.type).toBe('authentication_error');
    expect(err.message).toBe('token expired');
    expect(isAccountFrozenError(err)).toBe(false);
    expect(isAccountFrozenError(new Error(FROZEN_ACCOUNT_MARKER))).toBe(false);
    expect(onAccountFrozen).not.toHaveBeenCalled();
  });

  it('403 is a permission error; reply headers are kept', async () => {
    handler = (_req, res) => json(res, 403, { message: 'not yours', code: 'forbidden' }, { 'x-request-id': 'req-7' });
    const err = await caught(client().request('/bank-account-remove'));
    expect(err.kind).toBe('permission');
    expect(err.type).toBe('permission_error');
    expect(err.statusCode).toBe(403);
    expect(err.code).toBe('forbidden');
    expect(err.message).toBe('not yours');
    expect(err.headers['x-request-id']).toBe('req-7');
  });

  it('a validation reply gives errors, fields, the joined message and display text', async () => {
    handler = (_req, res) =>
      json(res, 400, {
        message: 'validation error',
        code: 'validation',
        type: 'new_validation_error',
        errors: {
          errors: ['Email is invalid', 'Phone is required'],
          fields: { email: 'Email is invalid', phone: 'Phone is required' },
        },
      });
    const err = await caught(client().request('/contact/set/individualinfo', { body: {} }));
    expect(err.type).toBe('new_validation_error');
    expect(err.kind).toBe('general');
    expect(err.errors).toEqual(['Email is invalid', 'Phone is required']);
    expect(err.fields).toEqual({ email: 'Email is invalid', phone: 'Phone is required' });
    expect(err.message).toBe('Email is invalid; Phone is required');
    expect(errorText(err)).toBe('Email is invalid; Phone is required');
  });

  it('keeps the keys the reply sends beside its English texts (decision 075)', async () => {
    handler = (_req, res) =>
      json(res, 422, {
        message: 'validation error',
        code: 'trade_limit_exceeded',
        type: 'new_validation_error',
        errors: { errors: ['Over by far'], fields: { sellAmountTotal: 'Over by far' } },
        fieldKeys: { sellAmountTotal: { key: 'ramp.dailyLimitExceeded', params: { remaining: '5.00', bad: {} } } },
      });
    const err = await caught(client().request('/ramp/quote', { body: {} }));
    expect(err.messageKey).toBeUndefined();
    expect(err.fieldKeys).toEqual({
      sellAmountTotal: { key: 'ramp.dailyLimitExceeded', params: { remaining: '5.00' } },
    });

    handler = (_req, res) =>
      json(res, 409, { message: 'Gone', code: 'quote_expired', type: 'api_error', messageKey: 'ramp.quoteExpired' });
    const gone = await caught(client().request('/ramp/order', { body: {} }));
    expect(gone.messageKey).toEqual({ key: 'ramp.quoteExpired', params: {} });
    expect(gone.fieldKeys).toEqual({});
  });

  it('a fields-only validation reply (no type given) is typed new_validation_error and shows field: message', async () => {
    handler = (_req, res) =>
      json(res, 400, { message: 'validation error', errors: { errors: [], fields: { email: 'bad', zip: 'missing' } } });
    const err = await caught(client().request('/contact/set/individualinfo'));
    expect(err.type).toBe('new_validation_error');
    expect(err.message).toBe('validation error');
    expect(errorText(err)).toBe('email: bad; zip: missing');
  });

  it('the older validation_error form: errors array and top-level fields', async () => {
    handler = (_req, res) =>
      json(res, 400, { message: 'validation error', errors: ['Too short'], fields: { name: 'Too short' } });
    const err = await caught(client().request('/contact/set/individualinfo'));
    expect(err.type).toBe('validation_error');
    expect(err.errors).toEqual(['Too short']);
    expect(err.fields).toEqual({ name: 'Too short' });
  });

  it('422 idempotency_error keeps its type and names the field', async () => {
    handler = (_req, res) =>
      json(res, 422, {
        message: 'key reused with other parameters',
        code: 'idempotency.mismatch',
        type: 'idempotency_error',
        errors: { errors: [], fields: { amount: 'differs from the first request' } },
      });
    const err = await caught(client().request('/ramp/quote', { idempotencyKey: 'k' }));
    expect(err.type).toBe('idempotency_error');
    expect(err.message).toBe('key reused with other parameters');
    expect(err.fields).toEqual({ amount: 'differs from the first request' });
  });

  it.each([
    ['errorMessage', { errorMessage: 'from errorMessage', code: 'c1' }, 'from errorMessage', 'c1'],
    ['error', { error: 'from error', code: 'c2' }, 'from error', 'c2'],
    ['message', { message: 'from message', code: 'c3' }, 'from message', 'c3'],
    ['nested error object', { error: { message: 'nested', code: 'c4', type: 'api_error' } }, 'nested', 'c4'],
  ])('reads the message from %s', async (_label, body, message, code) => {
    handler = (_req, res) => json(res, 400, body);
    const err = await caught(client().request('/ramp/trade-estimate'));
    expect(err.message).toBe(message);
    expect(err.code).toBe(code);
    expect(err.type).toBe('api_error');
    expect(errorText(err)).toBe(message);
  });

  it('a JSON error body with no message says "Invalid JSON received from the Rampart API"', async () => {
    handler = (_req, res) => json(res, 500, { unexpected: true });
    const err = await caught(client().request('/ramp/trade-estimate'));
    expect(err.message).toBe('Invalid JSON received from the Rampart API');
    expect(err.type).toBe('api_error');
  });

  it('JSON inside a message string is parsed into fields', async () => {
    handler = (_req, res) => json(res, 400, { message: '{"errors":{"fields":{"email":"bad"}}}' });
    const err = await caught(client().request('/fileupload-user-kyc-document-upload'));
    expect(err.fields).toEqual({ email: 'bad' });
    expect(err.type).toBe('new_validation_error');
    expect(errorText(err)).toBe('email: bad');
  });

  it('KYC upload errors sent as a JSON string become field messages', async () => {
    handler = (_req, res) => json(res, 400, { errors: '{"file1":"File too large"}' });
    const err = await caught(client().request('/fileupload-user-kyc-document-upload'));
    expect(err.fields).toEqual({ file1: 'File too large' });
    expect(errorText(err)).toBe('file1: File too large');
  });

  it('a message that looks like JSON but is not is only logged, and kept as text', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    handler = (_req, res) => json(res, 400, { message: '{not json', code: 'x' });
    const err = await caught(client().request('/ramp/trade-estimate'));
    expect(err.message).toBe('{not json');
    expect(err.fields).toEqual({});
    expect(debug).toHaveBeenCalledTimes(1);
  });

  it('a 2xx reply carrying errorMessage is returned, not thrown', async () => {
    handler = (_req, res) => json(res, 200, { errorMessage: 'token not valid' });
    await expect(client().request('/auth-token-login-request', { body: { token: 't' } })).resolves.toEqual({
      errorMessage: 'token not valid',
    });
  });
});

describe('schema', () => {
  const Status = z.object({ status: z.enum(['opened', 'pending']) });

  it('parses a successful reply with the schema', async () => {
    handler = (_req, res) => json(res, 200, { status: 'opened', extra: 1 });
    const reply = await client().request('/primetrust/account/get', { schema: Status });
    expect(reply).toEqual({ status: 'opened' });
  });

  it('a reply the schema rejects becomes ApiError response.invalid, not a ZodError', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    handler = (_req, res) => json(res, 200, { status: 'weird' });
    const err = await caught(client().request('/primetrust/account/get', { schema: Status }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('general');
    expect(err.code).toBe('response.invalid');
    expect(err.message).toBe('The reply from the service was not understood');
    expect(err.statusCode).toBe(200);
    expect(err.cause).toBeInstanceOf(z.ZodError);
  });
});
