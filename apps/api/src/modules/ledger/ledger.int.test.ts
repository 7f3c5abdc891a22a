import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RAMP_TICKERS } from '@rampart/contracts';
import { openTestDatabase, rootDir, testDatabaseKind } from '../../../test/helpers';
import type { Db } from '../../db';
import { isAppError } from '../../lib/app-error';
import { prepareDatabase } from '../../server';
import {
  LEDGER_ASSETS,
  LEDGER_TRANSACTION_OPTIONS,
  PLATFORM_FEES,
  WORLD_BANK,
  captureHold,
  checkInvariants,
  getAccountBalance,
  getBalances,
  isLedgerError,
  placeHold,
  postTransaction,
  releaseHold,
  toMinorUnits,
  userAccount,
  type PostTransactionInput,
} from './index';

const usd = (text: string) => toMinorUnits(text, 'USD');

describe('ledger core', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    await prepareDatabase(db, rootDir);
  });
  afterEach(async () => {
    // After every test: the invariants hold, whatever the test did.
    expect(await checkInvariants(db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await db?.close();
  });

  const post = (input: PostTransactionInput) =>
    db.transaction((tx) => postTransaction(tx, input), LEDGER_TRANSACTION_OPTIONS);
  const key = () => randomUUID();

  /** A new user with `amount` USD deposited from the bank. */
  async function fundedUser(amount: string): Promise<{ guid: string; account: string }> {
    const guid = randomUUID();
    const account = userAccount(guid, 'USD');
    if (amount !== '0')
      await post({
        idempotencyKey: key(),
        postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd(amount) }],
      });
    return { guid, account };
  }

  async function caught(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection');
  }

  it('knows the same assets as the migration seeded', async () => {
    const { rows } = await db.query<{ code: string; decimals: number }>(
      'SELECT code, decimals FROM ledger_assets ORDER BY code',
    );
    expect(rows.map((r) => [r.code, Number(r.decimals)])).toEqual(
      Object.entries(LEDGER_ASSETS)
        .map(([c, a]) => [c, a.decimals])
        .sort(),
    );
  });

  it('knows every ramp catalogue ticker with the catalogue decimals (migration 0014)', () => {
    for (const [code, ticker] of Object.entries(RAMP_TICKERS)) {
      expect([code, (LEDGER_ASSETS as Record<string, { decimals: number }>)[code]?.decimals]).toEqual([
        code,
        ticker.decimals,
      ]);
    }
  });

  it('posts a balanced multi-posting transaction and moves the balances', async () => {
    const { guid, account } = await fundedUser('100.00');
    const result = await post({
      idempotencyKey: key(),
      postings: [
        { source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('30.00') },
        { source: account, destination: PLATFORM_FEES, asset: 'USD', amount: usd('1.50') },
      ],
      metadata: { kind: 'withdrawal' },
    });
    expect(result.replayed).toBe(false);
    expect(await getBalances(db, guid)).toEqual([
      { asset: 'USD', settled: usd('68.50'), held: 0n, available: usd('68.50') },
      { asset: 'USDC', settled: 0n, held: 0n, available: 0n },
    ]);
    expect(await getAccountBalance(db, PLATFORM_FEES, 'USD')).toMatchObject({ settled: usd('1.50') });
    const { rows } = await db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM ledger_postings WHERE transaction_id = $1',
      [result.transactionId],
    );
    expect(rows[0]?.n).toBe(2n);
  });

  it('refuses malformed postings (no posting, zero or negative amounts, one account on both sides, unknown assets or accounts) and moves nothing', async () => {
    const { account } = await fundedUser('10.00');
    const bad: Array<[unknown, string]> = [
      [[], 'postings'],
      [[{ source: WORLD_BANK, destination: account, asset: 'USD', amount: 0n }], 'postings[0].amount'],
      [[{ source: WORLD_BANK, destination: account, asset: 'USD', amount: -5n }], 'postings[0].amount'],
      [[{ source: WORLD_BANK, destination: account, asset: 'USD', amount: 5 }], 'postings[0].amount'],
      [[{ source: account, destination: account, asset: 'USD', amount: 5n }], 'postings[0].destination'],
      [[{ source: WORLD_BANK, destination: account, asset: 'EUR', amount: 5n }], 'postings[0].asset'],
      [
        [{ source: WORLD_BANK, destination: 'users:not-a-guid:usd', asset: 'USD', amount: 5n }],
        'postings[0].destination',
      ],
      [
        [
          { source: WORLD_BANK, destination: account, asset: 'USD', amount: 5n },
          { source: 'Bad Name', destination: account, asset: 'USD', amount: 5n },
        ],
        'postings[1].source',
      ],
    ];
    for (const [postings, field] of bad) {
      const error = await caught(
        post({ idempotencyKey: key(), postings: postings as PostTransactionInput['postings'] }),
      );
      expect(isAppError(error) && error.code === 'validation_failed', String(error)).toBe(true);
      expect(isAppError(error) && Object.keys(error.details?.fields ?? {})).toEqual([field]);
    }
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('10.00') });
  });

  it('keeps history append-only', async () => {
    const { account } = await fundedUser('1.00');
    await expect(db.query('UPDATE ledger_postings SET amount = 1 WHERE destination = $1', [account])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('refuses an overdraft of a user account and moves nothing, but lets world accounts go negative', async () => {
    const { account } = await fundedUser('50.00');
    const error = await caught(
      post({
        idempotencyKey: key(),
        postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('50.01') }],
      }),
    );
    expect(isLedgerError(error, 'insufficient_funds')).toBe(true);
    expect(isLedgerError(error) && error.facts).toMatchObject({ available: '50.00', requested: '50.01' });
    // Two postings that only overdraw together are refused too (the check is on the net change).
    const both = await caught(
      post({
        idempotencyKey: key(),
        postings: [
          { source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('30.00') },
          { source: account, destination: PLATFORM_FEES, asset: 'USD', amount: usd('30.00') },
        ],
      }),
    );
    expect(isLedgerError(both, 'insufficient_funds')).toBe(true);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('50.00') });
    // The exact balance can go, to zero.
    await post({
      idempotencyKey: key(),
      postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('50.00') }],
    });
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: 0n });
    expect((await getAccountBalance(db, WORLD_BANK, 'USD')).settled < 0n).toBe(true);
  });

  it('the database refuses a negative user balance even past the service (CHECK backstop)', async () => {
    const { account } = await fundedUser('1.00');
    await expect(db.query('UPDATE ledger_balances SET balance = -1 WHERE account = $1', [account])).rejects.toThrow(
      /ledger_balances_user/,
    );
  });

  it('replays the same key with the same parameters without moving anything twice', async () => {
    const { account } = await fundedUser('0');
    const input: PostTransactionInput = {
      idempotencyKey: key(),
      postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('25.00') }],
      metadata: { note: 'deposit', nested: { a: 1, b: 2 } },
    };
    const first = await post(input);
    const again = await post({ ...input, metadata: { nested: { b: 2, a: 1 }, note: 'deposit' } });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('25.00') });
  });

  it('answers 422 idempotency_error naming the field when a key comes back with other parameters', async () => {
    const { account } = await fundedUser('0');
    const idempotencyKey = key();
    await post({
      idempotencyKey,
      postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('25.00') }],
    });
    const error = await caught(
      post({
        idempotencyKey,
        postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('26.00') }],
      }),
    );
    expect(
      isAppError(error) && { code: error.code, status: error.status, fields: Object.keys(error.details?.fields ?? {}) },
    ).toEqual({
      code: 'idempotency_error',
      status: 422,
      fields: ['postings[0].amount'],
    });
    const metadata = await caught(
      post({
        idempotencyKey,
        postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('25.00') }],
        metadata: { x: 'y' },
      }),
    );
    expect(isAppError(metadata) && Object.keys(metadata.details?.fields ?? {})).toEqual(['metadata.x']);
    // The same key for another command is a mismatch too.
    const hold = await caught(
      db.transaction((tx) => placeHold(tx, { idempotencyKey, account, asset: 'USD', amount: 1n })),
    );
    expect(isAppError(hold) && Object.keys(hold.details?.fields ?? {})).toEqual(['command']);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('25.00'), held: 0n });
  });

  it('a refused command stores nothing under its key: the same key may succeed later', async () => {
    const { account } = await fundedUser('10.00');
    const input: PostTransactionInput = {
      idempotencyKey: key(),
      postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('20.00') }],
    };
    expect(isLedgerError(await caught(post(input)), 'insufficient_funds')).toBe(true);
    await post({
      idempotencyKey: key(),
      postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('10.00') }],
    });
    expect((await post(input)).replayed).toBe(false);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: 0n });
  });

  it('holds reduce available funds; release gives them back; capture turns them into postings', async () => {
    const { guid, account } = await fundedUser('100.00');
    const hold = (amount: string, idempotencyKey = key()) =>
      db.transaction(
        (tx) => placeHold(tx, { idempotencyKey, account, asset: 'USD', amount: usd(amount) }),
        LEDGER_TRANSACTION_OPTIONS,
      );
    const a = await hold('60.00');
    expect((await getBalances(db, guid))[0]).toEqual({
      asset: 'USD',
      settled: usd('100.00'),
      held: usd('60.00'),
      available: usd('40.00'),
    });
    // Neither a second hold nor a posting may use the held funds.
    expect(isLedgerError(await caught(hold('40.01')), 'insufficient_funds')).toBe(true);
    expect(
      isLedgerError(
        await caught(
          post({
            idempotencyKey: key(),
            postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('40.01') }],
          }),
        ),
        'insufficient_funds',
      ),
    ).toBe(true);
    const b = await hold('40.00');
    expect((await getBalances(db, guid))[0]).toMatchObject({ held: usd('100.00'), available: 0n });

    // Release b; a replay of the release gives the same answer; a new release key for it is refused.
    const releaseKey = key();
    expect(await db.transaction((tx) => releaseHold(tx, { idempotencyKey: releaseKey, holdId: b.holdId }))).toEqual({
      holdId: b.holdId,
      replayed: false,
    });
    expect(await db.transaction((tx) => releaseHold(tx, { idempotencyKey: releaseKey, holdId: b.holdId }))).toEqual({
      holdId: b.holdId,
      replayed: true,
    });
    expect(
      isLedgerError(
        await caught(db.transaction((tx) => releaseHold(tx, { idempotencyKey: key(), holdId: b.holdId }))),
        'hold_not_active',
      ),
    ).toBe(true);
    expect((await getBalances(db, guid))[0]).toMatchObject({ held: usd('60.00'), available: usd('40.00') });

    // Capture 55 of a's 60 to the bank: 5 comes back to available.
    const captureKey = key();
    const capture = () =>
      db.transaction((tx) =>
        captureHold(tx, {
          idempotencyKey: captureKey,
          holdId: a.holdId,
          destination: WORLD_BANK,
          amount: usd('55.00'),
        }),
      );
    const captured = await capture();
    expect(captured.replayed).toBe(false);
    expect(await capture()).toEqual({ ...captured, replayed: true });
    expect((await getBalances(db, guid))[0]).toEqual({
      asset: 'USD',
      settled: usd('45.00'),
      held: 0n,
      available: usd('45.00'),
    });
    const { rows } = await db.query<{ source: string; destination: string; amount: bigint }>(
      'SELECT source, destination, amount FROM ledger_postings WHERE transaction_id = $1',
      [captured.transactionId],
    );
    expect(rows).toEqual([{ source: account, destination: WORLD_BANK, amount: usd('55.00') }]);
    expect(
      isLedgerError(
        await caught(db.transaction((tx) => releaseHold(tx, { idempotencyKey: key(), holdId: a.holdId }))),
        'hold_not_active',
      ),
    ).toBe(true);

    // A capture cannot take more than its hold; holds are for user accounts only; an unknown hold is not found.
    const c = await hold('10.00');
    const tooMuch = await caught(
      db.transaction((tx) =>
        captureHold(tx, { idempotencyKey: key(), holdId: c.holdId, destination: WORLD_BANK, amount: usd('10.01') }),
      ),
    );
    expect(isAppError(tooMuch) && tooMuch.code).toBe('validation_failed');
    await db.transaction((tx) =>
      captureHold(tx, { idempotencyKey: key(), holdId: c.holdId, destination: PLATFORM_FEES }),
    );
    expect((await getBalances(db, guid))[0]).toMatchObject({ settled: usd('35.00'), held: 0n });
    const world = await caught(
      db.transaction((tx) => placeHold(tx, { idempotencyKey: key(), account: WORLD_BANK, asset: 'USD', amount: 1n })),
    );
    expect(isAppError(world) && world.code).toBe('validation_failed');
    const missing = await caught(
      db.transaction((tx) => releaseHold(tx, { idempotencyKey: key(), holdId: randomUUID() })),
    );
    expect(isAppError(missing) && missing.code).toBe('not_found');
  });

  it('keeps no balance row for the world or the platform: their balance is the sum of their postings', async () => {
    const bankBefore = (await getAccountBalance(db, WORLD_BANK, 'USD')).settled;
    const feesBefore = (await getAccountBalance(db, PLATFORM_FEES, 'USD')).settled;
    const { account } = await fundedUser('12.00');
    await post({
      idempotencyKey: key(),
      postings: [{ source: account, destination: PLATFORM_FEES, asset: 'USD', amount: usd('0.50') }],
    });
    expect(await getAccountBalance(db, WORLD_BANK, 'USD')).toEqual({
      settled: bankBefore - usd('12.00'),
      held: 0n,
      available: bankBefore - usd('12.00'),
    });
    expect((await getAccountBalance(db, PLATFORM_FEES, 'USD')).settled).toBe(feesBefore + usd('0.50'));
    const { rows } = await db.query("SELECT account FROM ledger_balances WHERE account NOT LIKE 'users:%'");
    expect(rows).toEqual([]);
    // The database refuses one too.
    const refused = await caught(
      db.query("INSERT INTO ledger_balances (account, asset, user_owned) VALUES ('world:bank', 'USD', false)"),
    );
    expect(String(refused)).toMatch(/ledger_balances/);
  });

  it('posts on its own in one statement (no surrounding transaction) and refuses an overdraft there with nothing stored', async () => {
    const { account } = await fundedUser('4.00');
    const idempotencyKey = key();
    const overdraft = caught(
      postTransaction(db, {
        idempotencyKey,
        postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('4.01') }],
      }),
    );
    expect(
      isLedgerError(await overdraft, 'insufficient_funds') && ((await overdraft) as { facts: unknown }).facts,
    ).toEqual({
      account,
      asset: 'USD',
      available: '4.00',
      requested: '4.01',
    });
    const { rows } = await db.query('SELECT 1 FROM ledger_idempotency WHERE key = $1', [idempotencyKey]);
    expect(rows).toEqual([]);
    const posted = await postTransaction(db, {
      idempotencyKey,
      postings: [{ source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('4.00') }],
    });
    expect(posted.replayed).toBe(false);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: 0n });
  });

  it('checkInvariants reports a posting that names an account the ledger does not know', async () => {
    const { account } = await fundedUser('1.00');
    const { rows } = await db.query<{ transaction_id: string }>(
      'SELECT transaction_id FROM ledger_postings WHERE destination = $1',
      [account],
    );
    await db.exec('ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only');
    await db.query("UPDATE ledger_postings SET source = 'world:nowhere' WHERE transaction_id = $1", [
      rows[0]!.transaction_id,
    ]);
    const report = await checkInvariants(db);
    await db.query('UPDATE ledger_postings SET source = $2 WHERE transaction_id = $1', [
      rows[0]!.transaction_id,
      WORLD_BANK,
    ]);
    await db.exec('ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only');
    expect(report.violations.join('\n')).toMatch(/names an unknown account or asset/);
  });

  it('checkInvariants reports a cached balance that drifts from its postings', async () => {
    const { account } = await fundedUser('5.00');
    await db.query('UPDATE ledger_balances SET balance = balance + 1 WHERE account = $1', [account]);
    const report = await checkInvariants(db);
    expect(report.ok).toBe(false);
    expect(report.violations.join('\n')).toMatch(/sum to 1/);
    expect(report.violations.join('\n')).toMatch(
      new RegExp(`balance of ${account} in USD is 501 but its postings sum to 500`),
    );
    await db.query('UPDATE ledger_balances SET balance = balance - 1 WHERE account = $1', [account]);
  });

  // On PostgreSQL these really race on 20 connections; PGlite is one connection and runs them one after another.
  it(`200 concurrent holds of 60 against 100 accept exactly one (${testDatabaseKind()})`, async () => {
    const { guid, account } = await fundedUser('100.00');
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db.transaction(
          (tx) => placeHold(tx, { idempotencyKey: key(), account, asset: 'USD', amount: usd('60.00') }),
          LEDGER_TRANSACTION_OPTIONS,
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(refused.every((r) => isLedgerError(r.reason, 'insufficient_funds'))).toBe(true);
    expect((await getBalances(db, guid))[0]).toEqual({
      asset: 'USD',
      settled: usd('100.00'),
      held: usd('60.00'),
      available: usd('40.00'),
    });
  });

  it(`200 concurrent withdrawals of 60 from 100, with deposits to other users in between, overdraw nothing (${testDatabaseKind()})`, async () => {
    const { account } = await fundedUser('100.00');
    const others = await Promise.all(Array.from({ length: 5 }, () => fundedUser('0')));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        post({
          idempotencyKey: key(),
          // Postings over several accounts in varying order: the locks are still taken in one order.
          postings:
            i % 2 === 0
              ? [
                  { source: account, destination: WORLD_BANK, asset: 'USD', amount: usd('60.00') },
                  { source: WORLD_BANK, destination: others[i % 5]!.account, asset: 'USD', amount: 1n },
                ]
              : [
                  { source: WORLD_BANK, destination: others[i % 5]!.account, asset: 'USD', amount: 1n },
                  { source: account, destination: PLATFORM_FEES, asset: 'USD', amount: usd('60.00') },
                ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled' || isLedgerError(r.reason, 'insufficient_funds'))).toBe(true);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('40.00') });
  });

  it('the same key sent concurrently moves money once', async () => {
    const { account } = await fundedUser('0');
    const input: PostTransactionInput = {
      idempotencyKey: key(),
      postings: [{ source: WORLD_BANK, destination: account, asset: 'USD', amount: usd('7.00') }],
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => post(input)));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await getAccountBalance(db, account, 'USD')).toMatchObject({ settled: usd('7.00') });
  });
});
