import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres';
import { manualClock } from '../../src/lib/clock';
import { IN_FLIGHT_TIMEOUT_MS } from '../../src/lib/idempotency';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import {
  MONEY_ROUTES,
  TEST_SELL_WITH_ORDER,
  callWithKey,
  moneyState,
  type MoneyRoute,
  type MoneyUser,
} from './money-routes';

/**
 * The 60-second takeover as an attacker drives it (decisions 018 and 049), PostgreSQL only (it needs a second
 * connection): another transaction holds the user's balance rows, so the first request waits inside its
 * transaction with its Idempotency-Key in flight; after 60 seconds on the app's clock the same request again takes
 * the key over and waits too; then the lock goes. Both answer 200 naming one object, and the money moved once.
 */
describe('money-moving routes: the 60-second takeover while the first request waits on a lock (PostgreSQL)', () => {
  const clock = manualClock();
  let k: TransferKit;
  let locker: ReturnType<typeof openPostgres>;
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
    locker = openPostgres(process.env.TEST_DATABASE_URL!, { max: 2, applicationName: 'rampart-test-locker' });
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await locker?.close();
    await k?.close();
  });

  async function fundedUser(): Promise<MoneyUser> {
    const user = await k.openedUser('500', `takeover-${++users}`);
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

  /** Requests of the app waiting on a lock (the locker's own connection aside). */
  async function waiting(): Promise<number> {
    const { rows } = await locker.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'rampart-test'`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async function until(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  async function takeover(route: string, recipe: MoneyRoute, label: string) {
    const user = await fundedUser();
    const body = await recipe.prepare(k, user);
    const before = await moneyState(k, user);
    const key = `takeover-${label.replace(/[^a-z]+/gi, '-')}`;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    // Another connection holds every balance row of the user's (80 seconds in the probe; here until released).
    const holder = locker.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM ledger_balances WHERE account LIKE $1 FOR UPDATE', [
        `users:${user.guid.toLowerCase()}:%`,
      ]);
      locked();
      await released;
    });
    await holding;
    try {
      let answered = false;
      const first = callWithKey(k, route, user.token, body, key).finally(() => (answered = true));
      // Routes that touch no balance row answer at once; the others wait inside their transaction, key in flight.
      await until(async () => answered || (await waiting()) >= 1, 60_000);
      const blocked = !answered;
      clock.advance(IN_FLIGHT_TIMEOUT_MS + 3_000);
      const second = callWithKey(k, route, user.token, body, key);
      if (blocked) await until(async () => (await waiting()) >= 2, 30_000);
      release();
      await holder;
      const [a, b] = await Promise.all([first, second]);
      expect(a.status, `${label} first: ${a.text}`).toBe(200);
      expect(b.status, `${label} retry: ${b.text}`).toBe(200);
      expect(recipe.idOf(b.body), `${label}: both name one object`).toEqual(recipe.idOf(a.body));
      // A third call with the key, once all is done: still that object.
      const c = await callWithKey(k, route, user.token, body, key);
      expect(c.status, `${label} later: ${c.text}`).toBe(200);
      expect(recipe.idOf(c.body)).toEqual(recipe.idOf(a.body));
      return { user, before, after: await moneyState(k, user), blocked };
    } finally {
      release();
      await holder.catch(() => undefined);
    }
  }

  /** The routes that write the user's balance rows in their request: the first one must really wait on the lock. */
  const WAITS = new Set([
    'POST /api/primetrust/sandbox/account/fund',
    'POST /api/primetrust-sandbox-send-and-settle-wire-deposit',
    'POST /api/primetrust-sandbox-asset-deposit',
    'POST /api/primetrust-sandbox-test-sell-flow',
    'POST /api/holdings/withdraw',
    'POST /api/transfers/withdraw',
  ]);

  for (const [route, recipe] of Object.entries(MONEY_ROUTES)) {
    it(`${route}: the request and its retry 63 seconds later make one movement`, async () => {
      const once = await takeover(route, recipe, route);
      if (WAITS.has(route)) expect(once.blocked, `${route}: the first request waited on the balance lock`).toBe(true);
      // What one call moves, measured on a second user with the same call made once.
      const control = await fundedUser();
      const body = await recipe.prepare(k, control);
      const start = await moneyState(k, control);
      expect((await callWithKey(k, route, control.token, body, 'control')).status).toBe(200);
      const end = await moneyState(k, control);
      const delta = (a: Record<string, string>, b: Record<string, string>) =>
        Object.fromEntries(Object.keys({ ...a, ...b }).map((key) => [key, `${a[key]} -> ${b[key]}`]));
      expect(delta(once.before, once.after), `${route}: moved once`).toEqual(delta(start, end));
    });
  }

  it('the test sell flow with a sell order waiting: the retry brings the same deposit and sells nothing more', async () => {
    const once = await takeover(
      'POST /api/primetrust-sandbox-test-sell-flow',
      TEST_SELL_WITH_ORDER,
      'test sell with order',
    );
    expect(once.after['USD available']).toBe(once.before['USD available']);
  });
});
