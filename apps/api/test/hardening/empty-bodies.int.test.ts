import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import {
  changedTables,
  expectErrorShape,
  openApiRoutes,
  rawCall,
  snapshotDatabase,
  type ApiRoute,
} from './hardening-kit';
import { ROUTES } from './route-table';

/**
 * Routes that take no body (their OpenAPI body is an object without properties: the contracts' EmptyRequest) accept
 * `{}` and nothing else: JSON null, an array, a string, a number or an object with keys is a 400 in the API's error
 * shape, and changes nothing (the sandbox's test sell flow used to credit 100 USD for a body such as {"a":1}).
 */
describe('body-less routes refuse every body but {}', () => {
  const clock = manualClock();
  let k: TransferKit;
  let token: string;
  let bodyless: ApiRoute[];
  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '0' } });
    token = (await k.openedUser('50')).token;
    const routes = await openApiRoutes(k.t.app);
    bodyless = routes.filter(
      (r) =>
        r.method === 'POST' &&
        !r.multipart &&
        r.body &&
        r.body.type === 'object' &&
        Object.keys(r.body.properties ?? {}).length === 0,
    );
  });
  afterAll(async () => {
    await k?.close();
  });

  it('the route table has body-less routes, among them the money-moving test sell flow', () => {
    const keys = bodyless.map((r) => r.key);
    expect(keys).toContain('POST /api/primetrust-sandbox-test-sell-flow');
    expect(keys).toContain('POST /api/primetrust-accounts-view');
    expect(keys.length).toBeGreaterThan(10);
  });

  const NOT_EMPTY = ['null', '[]', '"x"', '1', 'true', '[{}]', '{"a":1}', '{"amount":"100"}', '{"global":true,"x":1}'];

  it('each refuses null, [], "x", numbers and objects with keys with a 400, and nothing changes', async () => {
    for (const route of bodyless) {
      // Destructive routes (sign-out, freeze, clear) take a body of their own shape; only the empty-body ones here.
      const rule = ROUTES[route.key];
      expect(rule, `${route.key} is not in the route table`).toBeDefined();
      for (const payload of NOT_EMPTY) {
        const before = await snapshotDatabase(k.t.db);
        const res = await rawCall(k.t.app, {
          method: 'POST',
          url: route.path,
          token,
          payload,
          contentType: 'application/json',
        });
        const context = `${route.key} with ${payload}`;
        expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBe(400);
        const body = expectErrorShape(res.status, res.text, context, payload);
        expect(body.code, context).toBe('validation_failed');
        expect(changedTables(before, await snapshotDatabase(k.t.db)), context).toEqual([]);
      }
    }
  }, 300_000);

  it('{} is still accepted (the SPA sends it), and the test sell flow moves money only then', async () => {
    const user = await k.openedUser('0');
    const res = await rawCall(k.t.app, {
      method: 'POST',
      url: '/api/primetrust-sandbox-test-sell-flow',
      token: user.token,
      payload: '{}',
      contentType: 'application/json',
    });
    expect(res.status, res.text).toBe(200);
    expect((await k.holdings(user.token)).available).toBe('100.00');
    for (const route of bodyless.filter((r) => !ROUTES[r.key]?.destructive)) {
      const reply = await rawCall(k.t.app, {
        method: 'POST',
        url: route.path,
        token: user.token,
        payload: '{}',
        contentType: 'application/json',
      });
      expect(reply.status, `${route.key} with {}: ${reply.text.slice(0, 300)}`).not.toBe(400);
    }
  }, 300_000);
});
