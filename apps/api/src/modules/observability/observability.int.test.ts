import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AcceptedReply,
  ApiErrorBody,
  formatRuleMessage,
  HealthcheckResponse,
  OrderReply,
  PublicConfig,
  RampQuoteReply,
} from '@rampart/contracts';
import { buildApp } from '../../app';
import { createServices } from '../../services';
import { manualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { validIndividual } from '../../../test/kits/kyc-test-kit';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { BUY_USDS, START } from '../../../test/kits/ramp-test-fixtures';

type Labels = Record<string, string>;

/** The samples of a Prometheus text exposition: name, labels, value. */
function samples(text: string): Array<{ name: string; labels: Labels; value: number }> {
  const out: Array<{ name: string; labels: Labels; value: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Labels = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function value(text: string, name: string, labels: Labels = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

let counter = 0;
const idem = () => `obs-idem-${Date.now()}-${(counter += 1)}`;

describe('observability: metrics, health, client errors and product events (issue 8, R22, decision 036)', () => {
  let k: TransferKit;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function scrape(app: FastifyInstance = k.t.app, headers: Record<string, string> = {}) {
    const res = await app.inject({ method: 'GET', url: '/api/metrics', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-type']).toContain('version=0.0.4');
    return res.body;
  }

  it('counts requests per route pattern and status class, never the raw URL', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await k.call('/api/r/secretShortId123', { method: 'GET' })).status).toBe(404);
    }
    expect((await k.call('/api/config', { method: 'GET' })).status).toBe(200);
    expect((await k.call('/api/nowhere/at-all', { method: 'GET' })).status).toBe(404);
    const text = await scrape();
    expect(
      value(text, 'rampart_http_requests_total', { method: 'GET', route: '/api/r/:shortId', status_class: '4xx' }),
    ).toBe(3);
    expect(
      value(text, 'rampart_http_requests_total', { method: 'GET', route: '/api/config', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(text, 'rampart_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    // The latency histogram has the same labels: every request falls in the +Inf bucket and the count.
    expect(
      value(text, 'rampart_http_request_duration_seconds_bucket', {
        route: '/api/r/:shortId',
        status_class: '4xx',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(
      value(text, 'rampart_http_request_duration_seconds_count', { route: '/api/r/:shortId', status_class: '4xx' }),
    ).toBe(3);
    expect(text).not.toContain('secretShortId123');
    expect(text).not.toContain('/api/nowhere');
    // The process's own metrics and the build come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(value(text, 'rampart_build_info', { version: '0.0.0-test' })).toBe(1);
    expect(value(text, 'rampart_metrics_database_up')).toBe(1);
  });

  it('counts sign-up, login and document submitted where the server does them, and queued jobs per queue', async () => {
    const before = await scrape();
    const event = (text: string, name: string) =>
      value(text, 'rampart_product_events_total', { event: name, source: 'server' }) ?? -1;
    const email = `obs-${Date.now()}@example.com`;
    // Sign-up, emailed code, password, second factor: one sign-up and one login.
    const token = await k.signedInUser(email);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    expect((await k.captureIdentity(token)).status).toBe('submitted');
    const after = await scrape();
    expect(event(after, 'sign_up') - event(before, 'sign_up')).toBe(1);
    expect(event(after, 'login') - event(before, 'login')).toBe(1);
    expect(event(after, 'document_submitted') - event(before, 'document_submitted')).toBe(1);
    // A refused capture is no submitted document.
    const refused = await k.call('/api/socure/submit_document', {
      token,
      body: { documentType: 'passport', documentId: 'nope', selfieId: 'nope' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(event(await scrape(), 'document_submitted')).toBe(event(after, 'document_submitted'));

    // The worker is off in these tests: the codes' mail jobs and the capture's decision wait in their queues.
    const { rows } = await k.t.db.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int4 AS n FROM pgboss.job WHERE state < 'active' AND start_after <= now() GROUP BY name`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(value(after, 'rampart_job_queue_depth', { queue: row.name }), row.name).toBeGreaterThanOrEqual(1);
      expect(
        value(after, 'rampart_job_queue_oldest_age_seconds', { queue: row.name }),
        row.name,
      ).toBeGreaterThanOrEqual(0);
    }
    expect(value(after, 'rampart_job_queue_depth', { queue: 'mail.send' })).toBeGreaterThanOrEqual(2);
    // Every registered queue is reported, the empty ones at 0.
    const queues = samples(after)
      .filter((s) => s.name === 'rampart_job_queue_depth')
      .map((s) => s.labels.queue);
    expect(queues).toEqual(expect.arrayContaining(['mail.send', 'orders.deliver', 'idempotency.cleanup']));
    expect(value(after, 'rampart_job_queue_delayed', { queue: 'idempotency.cleanup' })).toBeGreaterThanOrEqual(0);

    // The health check reports the same queue.
    const health = await k.t.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
    expect(health.statusCode).toBe(200);
    const body = HealthcheckResponse.parse(health.json());
    expect(body).toMatchObject({ status: 'ok', database: { reachable: true }, queue: { reachable: true } });
    expect(body.queue.depth).toBeGreaterThanOrEqual(rows.reduce((sum, r) => sum + r.n, 0));
    expect(body.queue.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('reports orders by side and state and the ledger transactions after a real order', async () => {
    const before = await scrape();
    const user = await k.openedUser('150', 'obs');
    const quote = await k.call('/api/ramp/quote', { token: user.token, body: { ...BUY_USDS, idemId: idem() } });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const placed = await k.placeOrder(user.token, RampQuoteReply.parse(quote.body).quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(OrderReply.parse(placed.body).order.status).toBe('funds_received');

    const after = await scrape();
    const orders = (text: string, state: string) => value(text, 'rampart_orders', { side: 'buy', state }) ?? -1;
    expect(orders(after, 'funds_received') - orders(before, 'funds_received')).toBe(1);
    // Every state of each side is there, empty ones at 0.
    expect(value(after, 'rampart_orders', { side: 'sell', state: 'paying_out' })).toBe(0);
    const { rows } = await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM ledger_transactions');
    expect(value(after, 'rampart_ledger_transactions_total')).toBe(Number(rows[0]!.n));
    // The sandbox funding moved money: the count grew.
    expect(value(after, 'rampart_ledger_transactions_total')!).toBeGreaterThan(
      value(before, 'rampart_ledger_transactions_total')!,
    );
  });

  const report = {
    message: 'TypeError: x is undefined',
    stack: 'at a (app.js:1:2)',
    url: 'https://app.rampart.example/trade/buy',
    release: '1.2.3',
    userGuid: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a',
    email: 'ada@example.com',
  };

  it('takes client error reports (202) and refuses bad ones with the catalogue message (400, 413)', async () => {
    const before = value(await scrape(), 'rampart_client_errors_total') ?? 0;
    const ok = await k.call('/api/client-errors', { body: report });
    expect(ok.status).toBe(202);
    expect(AcceptedReply.parse(ok.body)).toEqual({ accepted: true });
    expect((await k.call('/api/client-errors', { body: { message: 'm', url: '/x', release: 'r' } })).status).toBe(202);
    expect(value(await scrape(), 'rampart_client_errors_total')).toBe(before + 2);

    const bad: Array<[unknown, string, string]> = [
      [{ ...report, message: '' }, 'message', formatRuleMessage('required')],
      [{ ...report, message: undefined }, 'message', formatRuleMessage('required')],
      [{ ...report, message: 'x'.repeat(2001) }, 'message', formatRuleMessage('maxLength', { n: 2000 })],
      [{ ...report, release: 7 }, 'release', formatRuleMessage('string')],
      [{ ...report, extra: 'field' }, 'body', 'Unknown field: extra'],
    ];
    for (const [body, field, message] of bad) {
      const res = await k.call('/api/client-errors', { body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const error = ApiErrorBody.parse(res.body);
      expect(error.code).toBe('validation_failed');
      expect(error.errors?.fields[field], JSON.stringify(error)).toBe(message);
    }
    const huge = await k.call('/api/client-errors', { body: { ...report, stack: 's'.repeat(40_000) } });
    expect(huge.status).toBe(413);
    expect(ApiErrorBody.parse(huge.body).code).toBe('payload_too_large');
    const notJson = await k.call('/api/client-errors', {
      body: '{"message":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(value(await scrape(), 'rampart_client_errors_total')).toBe(before + 2);
  });

  it('counts product events from the SPA under source client, and refuses unknown events and large properties', async () => {
    const client = (text: string, event: string) =>
      value(text, 'rampart_product_events_total', { event, source: 'client' }) ?? -1;
    const before = await scrape();
    expect((await k.call('/api/analytics', { body: { event: 'sign_up' } })).status).toBe(202);
    expect(
      (
        await k.call('/api/analytics', {
          body: { event: 'identity_widget_error', properties: { kind: 'load', retry: false, step: 2 } },
        })
      ).status,
    ).toBe(202);
    const after = await scrape();
    expect(client(after, 'sign_up') - client(before, 'sign_up')).toBe(1);
    expect(client(after, 'identity_widget_error') - client(before, 'identity_widget_error')).toBe(1);
    expect(client(after, 'login')).toBe(client(before, 'login'));

    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, i]));
    const bad: unknown[] = [
      { event: 'purchase' },
      {},
      { event: 'login', properties: { nested: { a: 1 } } },
      { event: 'login', properties: tooMany },
      { event: 'login', properties: { long: 'x'.repeat(201) } },
      { event: 'login', extra: 1 },
      [],
    ];
    for (const body of bad) {
      const res = await k.call('/api/analytics', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(ApiErrorBody.parse(res.body).code).toBe('validation_failed');
    }
    const unknown = ApiErrorBody.parse((await k.call('/api/analytics', { body: { event: 'purchase' } })).body);
    expect(unknown.errors?.fields).toEqual({ event: formatRuleMessage('oneOf') });
    expect(value(await scrape(), 'rampart_product_events_total', { event: 'login', source: 'client' })).toBe(
      client(after, 'login'),
    );
  });

  it('logs every request line with its request id, an order with its id, and a client error as a warn line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // A second app on the same database and queue, whose log this test reads.
    const services = await createServices({
      config: { ...k.t.config, logLevel: 'info' },
      db: k.t.db,
      jobs: k.t.jobs,
      clock,
      providers: k.t.services.providers,
    });
    const logged = await buildApp(services, { logStream: stream });
    try {
      const user = await k.openedUser('150', 'obs-log');
      const quote = RampQuoteReply.parse(
        (await k.call('/api/ramp/quote', { token: user.token, body: { ...BUY_USDS, idemId: idem() } })).body,
      ).quote;
      expect(
        (await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: quote.quoteId } })).status,
      ).toBe(200);
      const code = /\b(\d{6})\b/.exec((await k.outbox(user.email))[0]?.text ?? '')?.[1];
      const res = await logged.inject({
        method: 'POST',
        url: '/api/ramp/order',
        headers: { authorization: `Bearer ${user.token}`, 'x-request-id': 'obs-order-1' },
        payload: { quoteId: quote.quoteId, code },
      });
      expect(res.statusCode, res.body).toBe(200);
      const orderId = OrderReply.parse(res.json()).order.orderId;

      const mine = lines.filter((l) => l.reqId === 'obs-order-1');
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'order placed', 'request completed']),
      );
      expect(mine.find((l) => l.msg === 'order placed')).toMatchObject({
        orderId,
        status: 'funds_received',
        level: 30,
      });
      // Nothing of the request is logged without its id.
      expect(
        lines.filter((l) => l.req !== undefined || l.res !== undefined).every((l) => typeof l.reqId === 'string'),
      ).toBe(true);

      const reported = await logged.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers: { 'x-request-id': 'obs-client-error-1', 'user-agent': 'TestBrowser/1.0' },
        payload: { ...report, url: 'https://app.rampart.example/auth?token=abc&step=2' },
      });
      expect(reported.statusCode).toBe(202);
      const warn = lines.find((l) => l.reqId === 'obs-client-error-1' && l.msg === 'client error');
      expect(warn).toMatchObject({
        level: 40,
        clientError: {
          message: report.message,
          stack: report.stack,
          release: '1.2.3',
          userGuid: report.userGuid,
          email: report.email,
          userAgent: 'TestBrowser/1.0',
        },
      });
      expect((warn?.clientError as { url: string }).url).toBe(
        'https://app.rampart.example/auth?token=%5Bredacted%5D&step=2',
      );

      expect(
        (
          await logged.inject({
            method: 'POST',
            url: '/api/analytics',
            headers: { 'x-request-id': 'obs-event-1' },
            payload: { event: 'login' },
          })
        ).statusCode,
      ).toBe(202);
      expect(lines.find((l) => l.reqId === 'obs-event-1' && l.msg === 'product event')).toMatchObject({
        productEvent: 'login',
      });
    } finally {
      await logged.close();
    }
  });

  it('lists the new routes in the OpenAPI document', async () => {
    const doc = (await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/metrics', '/api/client-errors', '/api/analytics']),
    );
    expect(Object.keys(doc.paths['/api/client-errors']!.post!.responses)).toEqual(
      expect.arrayContaining(['202', '4XX']),
    );
  });
});

describe('METRICS_TOKEN and SENTRY_DSN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789abcdef';

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token, SENTRY_DSN: 'https://public@sentry.example/42' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without the token or with another one, and the metrics with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(ApiErrorBody.parse(res.json()).code).toBe('unauthenticated');
      expect(res.body).not.toContain('rampart_');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('rampart_http_requests_total');
    // The reports stay public: the sign-up event happens before a session.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/analytics', payload: { event: 'sign_up' } })).statusCode,
    ).toBe(202);
  });

  it('hands the Sentry DSN to the SPA in the public configuration', async () => {
    const config = PublicConfig.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(config.sentryDsn).toBe('https://public@sentry.example/42');
  });

  it('reports degraded (503) when the job queue does not answer, and ok again once it does', async () => {
    await t.db.exec('ALTER SCHEMA pgboss RENAME TO pgboss_away');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
      expect(res.statusCode).toBe(503);
      expect(HealthcheckResponse.parse(res.json())).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        queue: { reachable: false, depth: null, oldestAgeSeconds: null },
      });
      // The scrape still answers: the database series are missing and say so.
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(value(metrics.body, 'rampart_metrics_database_up')).toBe(0);
      expect(metrics.body).not.toMatch(/^rampart_orders\{/m);
    } finally {
      await t.db.exec('ALTER SCHEMA pgboss_away RENAME TO pgboss');
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
    expect(res.statusCode).toBe(200);
    expect(HealthcheckResponse.parse(res.json()).queue.reachable).toBe(true);
  });
});

describe('the metrics in production (decision 052)', () => {
  const token = 'production-metrics-token-0123456789';
  let closed: TestApp;
  let guarded: TestApp;

  beforeAll(async () => {
    closed = await createTestApp({ env: { NODE_ENV: 'production' } });
    guarded = await createTestApp({ env: { NODE_ENV: 'production', METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await closed?.close();
    await guarded?.close();
  });

  it('has no /api/metrics without METRICS_TOKEN: 404 like any unknown route, and none in the OpenAPI document', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-0123456789abcdef' }]) {
      const res = await closed.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode, res.body).toBe(404);
      expect(ApiErrorBody.parse(res.json()).code).toBe('route_not_found');
      expect(res.body).not.toContain('rampart_');
    }
    const doc = (await closed.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const refused = await guarded.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(refused.body).not.toContain('rampart_');
    const res = await guarded.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('rampart_build_info');
  });
});
