import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres';
import { openTestDatabase, rootDir } from '../../../test/helpers';
import type { Db } from '../../db';
import { prepareDatabase } from '../../server';
import {
  LEDGER_TRANSACTION_OPTIONS,
  PLATFORM_FEES,
  WORLD_BANK,
  checkInvariants,
  getAccountBalance,
  isLedgerError,
  postTransaction,
  toMinorUnits,
  userAccount,
} from './index';

const usd = (text: string) => toMinorUnits(text, 'USD');

/**
 * Waits between connections need a database server (PGlite is one connection): these run when the suite runs on
 * PostgreSQL; the vitest config leaves *-postgres.int.test.ts out of the PGlite pass.
 */
describe('the ledger on the PostgreSQL server: the outside world is no hot row', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    await prepareDatabase(db, rootDir);
  });
  afterEach(async () => {
    expect(await checkInvariants(db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await db?.close();
  });

  const deposit = (q: Parameters<typeof postTransaction>[0], account: string, amount: string) =>
    postTransaction(q, {
      idempotencyKey: randomUUID(),
      postings: [
        { source: WORLD_BANK, destination: account, asset: 'USD', amount: usd(amount) },
        { source: account, destination: PLATFORM_FEES, asset: 'USD', amount: 1n },
      ],
    });

  it('a deposit from the world completes while another deposit from the world is still uncommitted', async () => {
    const first = userAccount(randomUUID(), 'USD');
    const second = userAccount(randomUUID(), 'USD');
    // Both users' rows exist first, so the only rows the two deposits could share are the world's and the fees'.
    await deposit(db, first, '1.00');
    await deposit(db, second, '1.00');
    const other = openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    try {
      const open = db.transaction(async (tx) => {
        await deposit(tx, first, '5.00');
        entered();
        await held;
      });
      await inside;
      // With a balance row for the world or the fees, this would wait for the open transaction (the test would hang
      // here: the lock is only given back after `release`). It is bounded so that a regression fails, not hangs.
      const lockTimeout = other.transaction(async (tx) => {
        await tx.query("SET LOCAL lock_timeout = '20s'");
        return deposit(tx, second, '7.00');
      });
      const posted = await lockTimeout;
      expect(posted.replayed).toBe(false);
      release();
      await open;
    } finally {
      release();
      await other.close();
    }
    expect(await getAccountBalance(db, first, 'USD')).toMatchObject({ settled: usd('5.98') });
    expect(await getAccountBalance(db, second, 'USD')).toMatchObject({ settled: usd('7.98') });
  });

  it('64 concurrent deposits from the world to 64 users, one statement each on the pool, all land once', async () => {
    const accounts = Array.from({ length: 64 }, () => userAccount(randomUUID(), 'USD'));
    const before = (await getAccountBalance(db, WORLD_BANK, 'USD')).settled;
    await Promise.all(accounts.map((account) => deposit(db, account, '2.50')));
    for (const account of accounts)
      expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('2.49') });
    expect((await getAccountBalance(db, WORLD_BANK, 'USD')).settled).toBe(before - 64n * usd('2.50'));
  });

  it('an overdraft refused inside one statement leaves its key free and the caller’s transaction usable', async () => {
    const account = userAccount(randomUUID(), 'USD');
    await deposit(db, account, '3.00');
    const idempotencyKey = randomUUID();
    const overdraft = {
      idempotencyKey,
      postings: [{ source: account, destination: WORLD_BANK, asset: 'USD' as const, amount: usd('9.00') }],
    };
    const after = await db.transaction(async (tx) => {
      const refused = await postTransaction(tx, overdraft).catch((error: unknown) => error);
      expect(isLedgerError(refused, 'insufficient_funds') && refused.facts).toEqual({
        account,
        asset: 'USD',
        available: '2.99',
        requested: '9.00',
      });
      // The same transaction goes on: the refusal aborted nothing.
      return postTransaction(tx, { ...overdraft, postings: [{ ...overdraft.postings[0]!, amount: usd('2.00') }] });
    }, LEDGER_TRANSACTION_OPTIONS);
    expect(after.replayed).toBe(false);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('0.99') });
  });
});
