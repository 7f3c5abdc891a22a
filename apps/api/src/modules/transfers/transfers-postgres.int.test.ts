import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../test/helpers';
import { manualClock } from '../../lib/clock';
import { LEDGER_TRANSACTION_OPTIONS, toMinorUnits } from '../ledger';
import { createContribution } from './index';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';

const US_WIRE = {
  method: 'primex_fedwire',
  beneficiaryName: 'Ada Lovelace',
  accountNumber: '000123456789',
  routingNumber: '123456780',
};

/**
 * Races and a killed worker need a database server: PGlite is one connection in one process, so there the 200
 * requests run one after another and no second process can open the database. These run when the suite runs on
 * PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL, as `npm test` does when TEST_DATABASE_URL is set); the
 * vitest config leaves *-postgres.int.test.ts out of the PGlite pass.
 */
describe('transfers on the PostgreSQL server only (PGlite is one connection in one process): races and a killed worker', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit();
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('200 concurrent withdrawals of 60 against a balance of 100 leave exactly one, and the balance 100 less 60 less its fee', async () => {
    const { token, email, guid } = await k.openedUser('100');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        k.call('/api/transfers/withdraw', { token, body: { ...US_WIRE, amount: '60' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) k.expectError(refused, 422, 'insufficient_funds');
    expect(await k.transferCount(guid)).toBe(1);
    expect(await k.holdings(token)).toMatchObject({ settled: '100.00', held: '75.00', available: '25.00' });

    await k.transfer('/api/transfers/confirm-withdrawal', token, { token: await k.confirmationToken(email) });
    expect((await k.call('/api/primetrust-sandbox-settle-last-wire-withdrawal', { token, body: {} })).status).toBe(200);
    expect(await k.holdings(token)).toMatchObject({ settled: '25.00', held: '0.00', available: '25.00' });
  });

  it('from an account with no balance row yet, racing its first deposit, nothing is overdrawn and no request fails with a 5xx', async () => {
    const { token, guid } = await k.openedUser();
    const { rows } = await k.t.db.query('SELECT 1 FROM ledger_balances WHERE account = $1', [`users:${guid}:usd`]);
    expect(rows).toHaveLength(0);
    const withdrawals = Array.from({ length: 200 }, () =>
      k.call('/api/transfers/withdraw', { token, body: { ...US_WIRE, amount: '60' } }),
    );
    const deposit = k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount: '100' } });
    const results = await Promise.all(withdrawals);
    expect((await deposit).status).toBe(200);
    const accepted = results.filter((r) => r.status === 200).length;
    for (const refused of results.filter((r) => r.status !== 200)) k.expectError(refused, 422, 'insufficient_funds');
    // Whether the deposit came before one of them is the race's business; at most one can fit, and it is held.
    expect(accepted).toBeLessThanOrEqual(1);
    expect(await k.transferCount(guid)).toBe(accepted);
    expect(await k.holdings(token)).toMatchObject({ settled: '100.00', held: accepted === 1 ? '75.00' : '0.00' });

    // Once the balance is there, a second wave leaves exactly what fits.
    const second = await Promise.all(
      Array.from({ length: 200 }, () =>
        k.call('/api/transfers/withdraw', { token, body: { ...US_WIRE, amount: '10' } }),
      ),
    );
    const fits = accepted === 1 ? 1 : 4; // 25 left fits one of 25 (10 + 15 fee); 100 fits four
    expect(second.filter((r) => r.status === 200)).toHaveLength(fits);
    expect(await k.holdings(token)).toMatchObject({ held: '100.00', available: '0.00' });
  });

  it('the same withdrawal sent 50 times at once with one Idempotency-Key holds once', async () => {
    const { token, guid } = await k.openedUser('100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        k.call('/api/transfers/withdraw', {
          token,
          body: { ...US_WIRE, amount: '60' },
          headers: { 'idempotency-key': 'same-withdrawal' },
        }),
      ),
    );
    // The HTTP layer may answer 409 to a duplicate still in flight (R16); every other answer is the one transfer.
    const ok = results
      .filter((r) => r.status === 200)
      .map((r) => (r.body as { transfer: { transferId: string } }).transfer.transferId);
    expect(new Set(ok).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 200)) k.expectError(r, 409, 'conflict');
    expect(await k.transferCount(guid)).toBe(1);
    expect(await k.holdings(token)).toMatchObject({ held: '75.00' });
  });

  describe('a worker killed with SIGKILL while settling 1,000 contributions', () => {
    const COUNT = 1000;
    const env = () => ({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/rampart-test-unused',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      WORKER_SWEEP_SECONDS: '3600',
    });
    const startWorker = (): ChildProcess =>
      spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'apps/api/src/worker.ts')], {
        cwd: rootDir,
        env: env(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const exited = (child: ChildProcess) =>
      new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const settledCount = async (guid: string) =>
      Number(
        (
          await k.t.db.query<{ n: bigint }>(
            `SELECT count(*)::int8 AS n FROM transfers WHERE user_id = $1 AND status = 'settled'`,
            [guid],
          )
        ).rows[0]?.n ?? 0n,
      );
    async function waitFor(predicate: () => Promise<boolean>, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!(await predicate())) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    let worker: ChildProcess | undefined;
    afterAll(() => {
      if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    });

    it('restarted, settles every one exactly once', { timeout: 240_000 }, async () => {
      const { guid } = await k.openedUser();
      // Deposits made ten days ago: all are due now, their settlement jobs queued with them.
      const past = manualClock(new Date(Date.now() - 10 * 24 * 3600 * 1000));
      for (let batch = 0; batch < COUNT / 100; batch++) {
        await k.t.db.transaction(async (tx) => {
          for (let i = 0; i < 100; i++) {
            await createContribution(
              tx,
              { clock: past, jobs: k.t.jobs },
              {
                userGuid: guid,
                method: 'ach',
                amount: toMinorUnits('1.00', 'USD'),
                methodRef: { kind: 'bank' },
                idempotencyKey: `bulk-${batch}-${i}`,
              },
            );
          }
        }, LEDGER_TRANSACTION_OPTIONS);
      }

      worker = startWorker();
      await waitFor(async () => (await settledCount(guid)) >= 100, 120_000);
      worker.kill('SIGKILL');
      expect(await exited(worker)).toBeNull(); // killed, not exited
      const atKill = await settledCount(guid);
      expect(atKill).toBeLessThan(COUNT); // killed in the middle

      worker = startWorker();
      await waitFor(async () => (await settledCount(guid)) === COUNT, 180_000);
      // It honours SIGTERM: stops taking jobs and exits cleanly.
      worker.kill('SIGTERM');
      expect(await exited(worker)).toBe(0);

      const { rows } = await k.t.db.query<{ per_transfer: bigint; transfers: bigint }>(
        `SELECT count(*)::int8 AS per_transfer, count(DISTINCT t.id)::int8 AS transfers FROM transfers t
         JOIN ledger_transactions l ON l.metadata->>'transferId' = t.id::text WHERE t.user_id = $1`,
        [guid],
      );
      expect(rows[0]).toEqual({ per_transfer: BigInt(COUNT), transfers: BigInt(COUNT) });
      const balance = await k.t.db.query<{ balance: bigint }>(
        'SELECT balance FROM ledger_balances WHERE account = $1',
        [`users:${guid}:usd`],
      );
      expect(balance.rows[0]?.balance).toBe(toMinorUnits('1000.00', 'USD'));
    });
  });
});
