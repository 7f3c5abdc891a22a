import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, rootDir } from '../../../test/helpers';
import type { Db } from '../../db';
import { migrate, readMigrations } from '../../db/migrate';
import { migrationsDir } from '../../server';
import { checkInvariants } from './invariants';

// Migration 0033 (docs/decisions/093-ether-in-gwei.md) on a ledger written in wei: every amount divided by 10^9, the
// balances and holds recomputed, and the ledger still balancing to the unit.
const USER = '0b7e2b2a-1c0d-4f5e-8a9b-0c1d2e3f4a5b';
const ETH = `users:${USER}:eth`;
const GWEI = 1_000_000_000n;

describe('migration 0033: Ether from wei to gwei', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    const all = await readMigrations(migrationsDir(rootDir));
    await migrate(
      db,
      all.filter((m) => m.version < 33),
    );
    // A user who received 5 ETH and 0.25 ETH plus 1 wei, with 1.5 ETH on hold, as the code before 0033 wrote it.
    await db.exec(`
      INSERT INTO ledger_accounts (name, user_id) VALUES ('world:chain', NULL), ('${ETH}', '${USER}');
      INSERT INTO ledger_transactions (id, idempotency_key) VALUES
        ('00000000-0000-4000-8000-000000000001', 'wei-1'), ('00000000-0000-4000-8000-000000000002', 'wei-2');
      INSERT INTO ledger_postings (transaction_id, seq, source, destination, asset, amount) VALUES
        ('00000000-0000-4000-8000-000000000001', 0, 'world:chain', '${ETH}', 'ETH', 5000000000000000000),
        ('00000000-0000-4000-8000-000000000002', 0, 'world:chain', '${ETH}', 'ETH', 250000000000000001);
      INSERT INTO ledger_balances (account, asset, user_owned, balance, held)
        VALUES ('${ETH}', 'ETH', true, 5250000000000000001, 1500000000000000000);
      INSERT INTO ledger_holds (idempotency_key, account, asset, amount, status)
        VALUES ('hold-1', '${ETH}', 'ETH', 1500000000000000000, 'active');
    `);
    expect((await checkInvariants(db)).violations).toEqual([]);
    await migrate(db, all);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('counts every amount in gwei, and the ledger still balances', async () => {
    const { rows: assets } = await db.query<{ code: string; decimals: number }>(
      "SELECT code, decimals FROM ledger_assets WHERE code IN ('ETH', 'AVAX', 'ONE') ORDER BY code",
    );
    expect(assets).toEqual([
      { code: 'AVAX', decimals: 9 },
      { code: 'ETH', decimals: 9 },
      { code: 'ONE', decimals: 9 },
    ]);
    const { rows: postings } = await db.query<{ amount: bigint }>(
      "SELECT amount FROM ledger_postings WHERE asset = 'ETH' ORDER BY transaction_id",
    );
    expect(postings.map((p) => p.amount)).toEqual([5n * GWEI, 250_000_000n]);
    const { rows: balances } = await db.query<{ balance: bigint; held: bigint }>(
      'SELECT balance, held FROM ledger_balances WHERE account = $1',
      [ETH],
    );
    expect(balances).toEqual([{ balance: 5_250_000_000n, held: 1_500_000_000n }]);
    expect((await checkInvariants(db)).violations).toEqual([]);
  });

  it('leaves posted history append-only after its one rewrite', async () => {
    await expect(db.exec("UPDATE ledger_postings SET amount = 1 WHERE asset = 'ETH'")).rejects.toThrow(/append-only/);
  });
});
