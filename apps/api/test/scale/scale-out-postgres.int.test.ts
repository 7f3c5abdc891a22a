import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RampOrder, TransferView } from '@rampart/contracts';
import { openPostgres } from '../../src/db/postgres';
import type { Db } from '../../src/db';
import { fromMinorUnits, toMinorUnits } from '../../src/modules/ledger';
import { createScratchDatabase, defineCluster, runLimited, waitUntil, type Cluster } from './cluster';
import {
  bringSettlementsDue,
  completedJobs,
  count,
  duplicates,
  invariantViolations,
  jobSummary,
  outstandingJobs,
} from './checks';
import { Client, deposit, holdings, makeUser, placeOrder, type OrderKind, type User } from './traffic';

/**
 * Scale-out proven on one machine (decision 039): two API processes (RUN_WORKER=false) and two workers
 * (`npm run worker`'s entry) on one PostgreSQL server. 500 deposits and 200 orders go through both API processes in turn; then
 * every job ran exactly once, every order reached its end state, and the ledger invariants hold.
 */
const USERS = 100;
const DEPOSITS_PER_USER = 5;
const ORDERS_PER_USER = 2;
const FUNDING = '1000.00';
const SELLERS_USDS = '100.000000';

describe('scale-out: two API processes and two workers on one PostgreSQL server', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let cluster: Cluster;
  let db: Db;

  beforeAll(async () => {
    database = await createScratchDatabase('rampart_scale');
    cluster = await defineCluster({
      databaseUrl: database.url,
      apis: 2,
      workers: 2,
      env: {
        // A delivery is confirmed a second after it is sent (default 10 s) and quotes are not rate limited
        // (30 per user a minute by default): the test is about the processes, not the sandbox's pace.
        CHAIN_CONFIRMATION_DELAY_SECONDS: '1',
        QUOTE_RATE_LIMIT_PER_MINUTE: '0',
        // Every simulated client calls from 127.0.0.1: per-address request limits would count them all as one.
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
      },
    });
    db = openPostgres(database.url, { max: 3, applicationName: 'rampart-scale-test' });
  });

  afterAll(async () => {
    await cluster?.stopAll();
    await db?.close();
    await database?.drop();
  });

  it('500 deposits and 200 orders through two API processes: every job once, every order ended, the ledger balanced', async () => {
    // Both API processes start at once on the empty database: the migrations run once (advisory lock).
    await Promise.all(cluster.apis.map((p) => p.start()));
    const client = new Client(() => cluster.apis.map((p) => p.url));

    const setupStarted = Date.now();
    const users: User[] = new Array<User>(USERS);
    await runLimited([...Array(USERS).keys()], 10, async (i) => {
      users[i] = await makeUser(client, `scale-${i}-${Date.now().toString(36)}@example.com`, {
        usd: FUNDING,
        ...(i % 4 === 0 ? { usds: SELLERS_USDS } : {}),
      });
    });
    const setupSeconds = (Date.now() - setupStarted) / 1000;
    console.log(
      `scale-out: ${USERS} users signed up, verified, funded and linked to a bank in ${setupSeconds.toFixed(1)} s`,
    );

    // RUN_WORKER=false: the API processes queued the sign-up and sign-in mails but worked none of them.
    expect(await count(db, `SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail.send' AND state = 'created'`)).toBe(
      USERS * 2,
    );
    expect(await count(db, `SELECT count(*) AS n FROM pgboss.job WHERE state <> 'created'`)).toBe(0);

    const workersStarted = Date.now();
    await Promise.all(cluster.workers.map((p) => p.start()));

    // Each user's requests go one after another (the trade code is read from their newest mail); users in parallel.
    const deposits: Array<{ user: number; transfer: TransferView }> = [];
    const orders: Array<{ user: number; kind: OrderKind; order: RampOrder }> = [];
    const driveStarted = Date.now();
    await runLimited([...Array(USERS).keys()], 12, async (i) => {
      const user = users[i]!;
      const kinds: OrderKind[] = [i % 4 === 0 ? 'sell' : 'buy', i % 5 === 0 ? 'buy-failing' : 'buy'];
      const plan: Array<'deposit' | 'order'> = [
        'deposit',
        'order',
        'deposit',
        'deposit',
        'order',
        'deposit',
        'deposit',
      ];
      let d = 0;
      let o = 0;
      for (const step of plan) {
        if (step === 'deposit') {
          d += 1;
          deposits.push({
            user: i,
            transfer: await deposit(client, user, `${20 + ((i + d) % 9)}.50`, `scale-deposit-${i}-${d}`),
          });
        } else {
          const kind = kinds[o]!;
          o += 1;
          orders.push({
            user: i,
            kind,
            order: await placeOrder(client, user, kind, `${10 + ((i + o) % 6)}`, `scale-order-${i}-${o}`),
          });
        }
      }
      expect(d).toBe(DEPOSITS_PER_USER);
      expect(o).toBe(ORDERS_PER_USER);
    });
    const driveSeconds = (Date.now() - driveStarted) / 1000;
    console.log(`scale-out: 500 deposits and 200 orders accepted in ${driveSeconds.toFixed(1)} s`);
    expect(deposits).toHaveLength(500);
    expect(orders).toHaveLength(200);

    // The banks settle the ACH deposits (their date moved to now); the workers do the rest.
    await bringSettlementsDue(db);
    const ended = `status IN ('completed', 'refunded', 'cancelled', 'expired')`;
    await waitUntil(
      async () =>
        (await count(db, `SELECT count(*) AS n FROM transfers WHERE status = 'pending'`)) === 0 &&
        (await count(db, `SELECT count(*) AS n FROM ramp_orders WHERE NOT ${ended}`)) === 0 &&
        (await count(db, `SELECT count(*) AS n FROM outbox WHERE status <> 'sent'`)) === 0 &&
        (await outstandingJobs(db)).length === 0,
      {
        // Generous: the machine's other load sets the pace (on a quiet machine this takes seconds).
        timeoutMs: 400_000,
        describe: async () =>
          JSON.stringify({
            pendingTransfers: await count(db, `SELECT count(*) AS n FROM transfers WHERE status = 'pending'`),
            openOrders: await count(db, `SELECT count(*) AS n FROM ramp_orders WHERE NOT ${ended}`),
            unsentMail: await count(db, `SELECT count(*) AS n FROM outbox WHERE status <> 'sent'`),
            outstanding: await outstandingJobs(db),
            workers: cluster.workers.map((w) => w.tail.slice(-5)),
          }),
      },
    );
    const quietSeconds = (Date.now() - workersStarted) / 1000;
    const jobs = await jobSummary(db);
    const completed = await completedJobs(db);

    // What the operations guide quotes (docs/operations.md, "Growing past one primary").
    console.log(
      `scale-out: ${USERS} users set up in ${setupSeconds.toFixed(1)} s; 500 deposits + 200 orders (${client.stats.requests} requests) in ` +
        `${driveSeconds.toFixed(1)} s = ${(700 / driveSeconds).toFixed(1)} money requests/s, ${(200 / driveSeconds).toFixed(1)} orders/s; ` +
        `${completed} jobs completed ${quietSeconds.toFixed(1)} s after the workers started = ${(completed / quietSeconds).toFixed(1)} jobs/s\n` +
        jobs.map((j) => `  ${j.name} ${j.state}: ${j.jobs} (retried ${j.retried})`).join('\n'),
    );

    // Every job done, exactly once: none failed or is left, one job per thing to do (below), no effect twice. A job
    // whose transaction lost a deadlock five times would be retried by the queue (printed above as "retried"; one
    // such case is left, decision 039): its second run finds its work undone and does it, or done and does nothing.
    expect(client.stats.serverErrors).toEqual([]);
    expect(
      jobs.filter((j) => j.state !== 'completed' && !(j.name === 'idempotency.cleanup' && j.state === 'created')),
    ).toEqual([]);
    const jobsOf = (name: string) => jobs.filter((j) => j.name === name).reduce((sum, j) => sum + j.jobs, 0);
    expect(jobsOf('transfers.settle')).toBe(500);
    expect(jobsOf('orders.deliver')).toBe(orders.filter((o) => o.kind !== 'sell').length);
    expect(jobsOf('orders.payout')).toBe(orders.filter((o) => o.kind === 'sell').length);
    // One delivery job per mail, each mail delivered on its first attempt.
    expect(jobsOf('mail.send')).toBe(await count(db, `SELECT count(*) AS n FROM outbox`));
    expect(await count(db, `SELECT count(*) AS n FROM outbox WHERE status <> 'sent' OR attempts <> 1`)).toBe(0);
    // No side effect twice: postings, transitions, mails.
    expect(await duplicates(db)).toEqual([]);
    expect(await invariantViolations(db)).toEqual([]);

    // What each user sees: every order in its end state, every deposit settled, and a balance that adds up.
    const finalOrders = new Map<string, RampOrder>();
    await runLimited(orders, 12, async ({ user, order }) => {
      const res = await client.send('/api/ramp/order-get', {
        token: users[user]!.token,
        body: { orderId: order.orderId },
      });
      finalOrders.set(order.orderId, (res.body as { order: RampOrder }).order);
    });
    for (const { kind, order } of orders) {
      const final = finalOrders.get(order.orderId)!;
      expect(final.status, `${kind} order ${order.orderId}`).toBe(kind === 'buy-failing' ? 'refunded' : 'completed');
      expect(final.timeline.map((t) => t.status)).toEqual(
        kind === 'sell'
          ? ['deposit_received', 'paying_out', 'completed']
          : [
              'awaiting_funds',
              'funds_received',
              'delivering',
              ...(kind === 'buy' ? ['completed'] : ['failed', 'refunded']),
            ],
      );
    }
    await runLimited([...Array(USERS).keys()], 12, async (i) => {
      const mine = (list: Array<{ user: number }>) => list.filter((x) => x.user === i);
      let usd = toMinorUnits(FUNDING, 'USD');
      for (const { transfer } of mine(deposits) as typeof deposits) usd += toMinorUnits(transfer.amount, 'USD');
      let usds = i % 4 === 0 ? toMinorUnits(SELLERS_USDS, 'USDS') : 0n;
      for (const { kind, order } of mine(orders) as typeof orders) {
        const final = finalOrders.get(order.orderId)!;
        if (kind === 'buy') usd -= toMinorUnits(final.sellAmountTotal, 'USD');
        if (kind === 'sell') {
          usd += toMinorUnits(final.receiveAmount, 'USD');
          usds -= toMinorUnits(final.sellAmountTotal, 'USDS');
        }
      }
      const seen = await holdings(client, users[i]!);
      expect({ settled: seen.settled, held: seen.held }, users[i]!.email).toEqual({
        settled: fromMinorUnits(usd, 'USD'),
        held: '0.00',
      });
      if (i % 4 === 0)
        expect(seen.assets.find((a) => a.assetTicker === 'USDS')?.settled).toBe(fromMinorUnits(usds, 'USDS'));
    });
  }, 900_000);
});
