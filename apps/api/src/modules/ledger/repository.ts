import type { Queryable } from '../../db';
import type { AccountName } from './account-names';
import type { AssetCode } from './assets';
import type { Json } from '../../lib/idempotency';

export interface BalanceKey {
  account: string;
  asset: AssetCode;
}

export interface BalanceRow {
  account: string;
  asset: AssetCode;
  user_owned: boolean;
  balance: bigint;
  held: bigint;
  [key: string]: unknown;
}

export interface HoldRow {
  id: string;
  idempotency_key: string;
  account: string;
  asset: AssetCode;
  amount: bigint;
  status: 'active' | 'released' | 'captured';
  capture_transaction_id: string | null;
  [key: string]: unknown;
}

export interface PostingRow {
  source: string;
  destination: string;
  asset: AssetCode;
  amount: bigint;
}

/** One fixed order for every lock the ledger takes on balance rows, so two transactions never wait on each other in a cycle. */
export function compareBalanceKeys(a: BalanceKey, b: BalanceKey): number {
  if (a.account !== b.account) return a.account < b.account ? -1 : 1;
  return a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0;
}

function distinctSorted(keys: BalanceKey[]): BalanceKey[] {
  const seen = new Map<string, BalanceKey>();
  for (const k of keys) seen.set(`${k.account}\u0000${k.asset}`, k);
  return [...seen.values()].sort(compareBalanceKeys);
}

const LOCK_SQL = `SELECT account, asset, user_owned, balance, held FROM ledger_balances
  WHERE (account, asset) IN (SELECT * FROM unnest($1::text[], $2::text[]))
  ORDER BY account COLLATE "C", asset COLLATE "C" FOR UPDATE`;

/**
 * Locks the balance rows FOR UPDATE in the fixed order (one statement: the rows are locked as the ORDER BY returns
 * them, byte order like compareBalanceKeys), creating first the accounts and balance rows that do not exist yet (a
 * missing row takes no lock). Existing rows, the usual case, cost one round trip. Returns the rows keyed by
 * `account\0asset`.
 */
export async function ensureAndLockBalances(
  tx: Queryable,
  accounts: AccountName[],
  keys: BalanceKey[],
): Promise<Map<string, BalanceRow>> {
  const sorted = distinctSorted(keys);
  const params = [sorted.map((k) => k.account), sorted.map((k) => k.asset)];
  let { rows } = await tx.query<BalanceRow>(LOCK_SQL, params);
  if (rows.length < sorted.length) {
    const owners = new Map(accounts.map((a) => [a.name, a.userId]));
    const names = [...owners.keys()].sort();
    await tx.query(
      `INSERT INTO ledger_accounts (name, user_id) SELECT * FROM unnest($1::text[], $2::uuid[]) ORDER BY 1 ON CONFLICT (name) DO NOTHING`,
      [names, names.map((n) => owners.get(n) ?? null)],
    );
    await tx.query(
      `INSERT INTO ledger_balances (account, asset, user_owned) SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[]) ORDER BY 1, 2
       ON CONFLICT (account, asset) DO NOTHING`,
      [...params, sorted.map((k) => owners.get(k.account) != null)],
    );
    ({ rows } = await tx.query<BalanceRow>(LOCK_SQL, params));
  }
  const locked = new Map<string, BalanceRow>(rows.map((row) => [`${row.account}\u0000${row.asset}`, row]));
  for (const k of sorted) {
    if (!locked.has(`${k.account}\u0000${k.asset}`))
      throw new Error(`Balance row ${k.account} ${k.asset} missing after insert`);
  }
  return locked;
}

export async function adjustBalance(
  tx: Queryable,
  key: BalanceKey,
  change: { balance?: bigint; held?: bigint },
): Promise<void> {
  await adjustBalances(tx, [{ ...key, balance: change.balance ?? 0n, held: change.held ?? 0n }]);
}

/** Moves several balance rows (already locked) in one statement. */
export async function adjustBalances(
  tx: Queryable,
  changes: (BalanceKey & { balance: bigint; held: bigint })[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `UPDATE ledger_balances b SET balance = b.balance + c.balance, held = b.held + c.held, updated_at = now()
     FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[]) AS c(account, asset, balance, held)
     WHERE b.account = c.account AND b.asset = c.asset`,
    [
      changes.map((c) => c.account),
      changes.map((c) => c.asset),
      changes.map((c) => c.balance.toString()),
      changes.map((c) => c.held.toString()),
    ],
  );
}

/**
 * Appends a transaction with its postings and moves the (already locked) balance rows, in one statement: a
 * transfer is then a handful of round trips (key, lock, this, the stored result), which is what bounds its rate.
 */
export async function insertTransaction(
  tx: Queryable,
  input: {
    idempotencyKey: string;
    metadata: Json;
    postings: PostingRow[];
    changes?: (BalanceKey & { balance: bigint })[];
  },
): Promise<{ id: string; createdAt: Date }> {
  const p = input.postings;
  const changes = input.changes ?? [];
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    `WITH t AS (
       INSERT INTO ledger_transactions (idempotency_key, metadata) VALUES ($1, $2) RETURNING id, created_at
     ), p AS (
       INSERT INTO ledger_postings (transaction_id, seq, source, destination, asset, amount)
       SELECT t.id, s.seq - 1, s.source, s.destination, s.asset, s.amount
       FROM t, unnest($3::text[], $4::text[], $5::text[], $6::int8[]) WITH ORDINALITY AS s(source, destination, asset, amount, seq)
     ), u AS (
       UPDATE ledger_balances b SET balance = b.balance + c.balance, updated_at = now()
       FROM unnest($7::text[], $8::text[], $9::int8[]) AS c(account, asset, balance)
       WHERE b.account = c.account AND b.asset = c.asset
     )
     SELECT id, created_at FROM t`,
    [
      input.idempotencyKey,
      JSON.stringify(input.metadata),
      p.map((x) => x.source),
      p.map((x) => x.destination),
      p.map((x) => x.asset),
      p.map((x) => x.amount.toString()),
      changes.map((c) => c.account),
      changes.map((c) => c.asset),
      changes.map((c) => c.balance.toString()),
    ],
  );
  const row = rows[0]!;
  return { id: row.id, createdAt: row.created_at };
}

export async function insertHold(
  tx: Queryable,
  input: { idempotencyKey: string; account: string; asset: AssetCode; amount: bigint; metadata: Json },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ledger_holds (idempotency_key, account, asset, amount, status, metadata)
     VALUES ($1, $2, $3, $4::int8, 'active', $5) RETURNING id`,
    [input.idempotencyKey, input.account, input.asset, input.amount.toString(), JSON.stringify(input.metadata)],
  );
  return rows[0]!.id;
}

export async function findHoldForUpdate(tx: Queryable, holdId: string): Promise<HoldRow | null> {
  const { rows } = await tx.query<HoldRow>(
    `SELECT id, idempotency_key, account, asset, amount, status, capture_transaction_id
     FROM ledger_holds WHERE id = $1 FOR UPDATE`,
    [holdId],
  );
  return rows[0] ?? null;
}

export async function closeHold(
  tx: Queryable,
  holdId: string,
  status: 'released' | 'captured',
  captureTransactionId: string | null,
): Promise<void> {
  await tx.query('UPDATE ledger_holds SET status = $2, capture_transaction_id = $3, closed_at = now() WHERE id = $1', [
    holdId,
    status,
    captureTransactionId,
  ]);
}
