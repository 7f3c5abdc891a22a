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

/**
 * One fixed order for every lock the ledger takes on balance rows, so two transactions never wait on each other in a
 * cycle (byte order, as `ledger_write` sorts with COLLATE "C").
 */
function compareBalanceKeys(a: BalanceKey, b: BalanceKey): number {
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
 * Locks the user balance rows FOR UPDATE in the fixed order (one statement: the rows are locked as the ORDER BY
 * returns them, byte order like compareBalanceKeys), creating first the accounts and balance rows that do not exist
 * yet (a missing row takes no lock). Existing rows, the usual case, cost one round trip. Accounts that are not a
 * user's keep no balance row (decision 086): their keys are left out. Returns the rows keyed by `account\0asset`.
 */
export async function ensureAndLockBalances(
  tx: Queryable,
  accounts: AccountName[],
  keys: BalanceKey[],
): Promise<Map<string, BalanceRow>> {
  const users = new Set(accounts.filter((a) => a.userId !== null).map((a) => a.name));
  const sorted = distinctSorted(keys.filter((k) => users.has(k.account)));
  if (sorted.length === 0) return new Map();
  const params = [sorted.map((k) => k.account), sorted.map((k) => k.asset)];
  let { rows } = await tx.query<BalanceRow>(LOCK_SQL, params);
  if (rows.length < sorted.length) {
    const owners = new Map(accounts.filter((a) => users.has(a.name)).map((a) => [a.name, a.userId]));
    const names = [...owners.keys()].sort();
    await tx.query(
      `INSERT INTO ledger_accounts (name, user_id) SELECT * FROM unnest($1::text[], $2::uuid[]) ORDER BY 1 ON CONFLICT (name) DO NOTHING`,
      [names, names.map((n) => owners.get(n) ?? null)],
    );
    await tx.query(
      `INSERT INTO ledger_balances (account, asset, user_owned) SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[]) ORDER BY 1, 2
       ON CONFLICT (account, asset) DO NOTHING`,
      [...params, sorted.map(() => true)],
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
async function adjustBalances(
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
