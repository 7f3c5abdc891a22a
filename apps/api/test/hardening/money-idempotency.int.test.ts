import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock';
import { IN_FLIGHT_TIMEOUT_MS } from '../../src/lib/idempotency';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import { testDatabaseKind } from '../helpers';
import {
  MONEY_ROUTES,
  TEST_SELL_WITH_ORDER,
  callWithKey,
  idempotentRoutes,
  moneyState,
  type MoneyRoute,
  type MoneyUser,
} from './money-routes';

/**
 * R16 end to end (decisions 018 and 049): a request whose process died after its transaction committed but before
 * its reply was recorded leaves its Idempotency-Key in flight; 60 seconds later the client's retry takes the key
 * over and the handler runs again. On every money-moving route, that retry must get the same object and move
 * nothing more, because the handler keys its rows and ledger postings on (user, Idempotency-Key).
 */
describe(`money-moving routes: a retry after a crash between commit and reply moves nothing more (${testDatabaseKind()})`, () => {
  const clock = manualClock();
  let k: TransferKit;
  let users = 0;
  beforeAll(async () => {
    k = await createTransferKit({
      clock,
      env: {
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        FEATURE_FLAGS: JSON.stringify({ assetsAddition: true }),
      },
    });
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await k?.close();
  });

  /** A user with USD and USDS to move (so every route has a balance to act on). */
  async function fundedUser(): Promise<MoneyUser> {
    const user = await k.openedUser('500', `crash-${++users}`);
    expect(
      (
        await k.call('/api/primetrust-sandbox-asset-deposit', {
          token: user.token,
          body: { assetTicker: 'USDS', amount: '150' },
        })
      ).status,
    ).toBe(200);
    return user;
  }

  it('every route the OpenAPI document marks idempotent has its case here', async () => {
    expect(await idempotentRoutes(k)).toEqual(Object.keys(MONEY_ROUTES).sort());
  });

  async function crashThenRetry(route: string, recipe: MoneyRoute, label: string) {
    const user = await fundedUser();
    const body = await recipe.prepare(k, user);
    const key = `crash-${label.replace(/[^a-z]+/gi, '-')}`;
    const first = await callWithKey(k, route, user.token, body, key);
    expect(first.status, `${label}: ${first.text}`).toBe(200);
    const after = await moneyState(k, user);
    // As the process killed after the commit leaves it: the key still in flight, no reply recorded (or freed).
    await k.t.db.query(
      `INSERT INTO http_idempotency_keys (user_id, key, route, params, state, claim_id, claimed_at, created_at)
       VALUES ($1, $2, $3, $4, 'in_flight', gen_random_uuid(), $5, $5)
       ON CONFLICT (user_id, key) DO UPDATE SET state = 'in_flight', status_code = NULL, reply = NULL, completed_at = NULL, claimed_at = $5`,
      [user.guid, key, route, JSON.stringify(body), clock.now()],
    );
    const busy = await callWithKey(k, route, user.token, body, key);
    expect(busy.status, `${label} while in flight: ${busy.text}`).toBe(409);
    clock.advance(IN_FLIGHT_TIMEOUT_MS + 3_000);
    const retry = await callWithKey(k, route, user.token, body, key);
    expect(retry.status, `${label} retry: ${retry.text}`).toBe(200);
    expect(recipe.idOf(retry.body), `${label}: the retry names what the first call made`).toEqual(
      recipe.idOf(first.body),
    );
    expect(await moneyState(k, user), `${label}: the retry moved nothing more`).toEqual(after);
  }

  for (const [route, recipe] of Object.entries(MONEY_ROUTES)) {
    it(`${route}: the retry gets the same result and moves nothing more`, async () => {
      await crashThenRetry(route, recipe, route);
    });
  }

  it('POST /api/primetrust-sandbox-test-sell-flow with a sell order waiting: the retry does not sell 100 USDC on top', async () => {
    await crashThenRetry('POST /api/primetrust-sandbox-test-sell-flow', TEST_SELL_WITH_ORDER, 'test sell with order');
  });
});
