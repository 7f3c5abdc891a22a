import type { Queryable } from '../../db';
import type { AccountName } from './account-names';
import type { AssetCode } from './assets';
import type { Json } from './idempotency';

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

/**
 * Creates the accounts and balance rows that do not exist yet (a missing row takes no lock), then locks every row
 * FOR UPDATE one at a time in the fixed order. Returns the locked rows keyed by `account\0asset`.
 */
export async function ensureAndLockBalances(
  tx: Queryable,
  accounts: AccountName[],
  keys: BalanceKey[],
): Promise<Map<string, BalanceRow>> {
  const owners = new Map(accounts.map((a) => [a.name, a.userId]));
  const sortedAccounts = [...owners.keys()].sort();
  for (const name of sortedAccounts) {
    await tx.query('INSERT INTO ledger_accounts (name, user_id) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, owners.get(name) ?? null]);
  }
  const sorted = distinctSorted(keys);
  for (const k of sorted) {
    await tx.query(
      `INSERT INTO ledger_balances (account, asset, user_owned) VALUES ($1, $2, $3) ON CONFLICT (account, asset) DO NOTHING`,
      [k.account, k.asset, owners.get(k.account) != null],
    );
  }
  const locked = new Map<string, BalanceRow>();
  for (const k of sorted) {
    const { rows } = await tx.query<BalanceRow>(
      'SELECT account, asset, user_owned, balance, held FROM ledger_balances WHERE account = $1 AND asset = $2 FOR UPDATE',
      [k.account, k.asset],
    );
    const row = rows[0];
    if (!row) throw new Error(`Balance row ${k.account} ${k.asset} missing after insert`);
    locked.set(`${k.account}\u0000${k.asset}`, row);
  }
  return locked;
}

export async function adjustBalance(tx: Queryable, key: BalanceKey, change: { balance?: bigint; held?: bigint }): Promise<void> {
  await tx.query(
    `UPDATE ledger_balances SET balance = balance + $3::int8, held = held + $4::int8, updated_at = now()
     WHERE account = $1 AND asset = $2`,
    [key.account, key.asset, (change.balance ?? 0n).toString(), (change.held ?? 0n).toString()],
  );
}

export async function insertTransaction(
  tx: Queryable,
  input: { idempotencyKey: string; metadata: Json; postings: PostingRow[] },
): Promise<{ id: string; createdAt: Date }> {
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    'INSERT INTO ledger_transactions (idempotency_key, metadata) VALUES ($1, $2) RETURNING id, created_at',
    [input.idempotencyKey, JSON.stringify(input.metadata)],
  );
  const row = rows[0]!;
  for (const [seq, p] of input.postings.entries()) {
    await tx.query(
      'INSERT INTO ledger_postings (transaction_id, seq, source, destination, asset, amount) VALUES ($1, $2, $3, $4, $5, $6::int8)',
      [row.id, seq, p.source, p.destination, p.asset, p.amount.toString()],
    );
  }
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

export async function closeHold(tx: Queryable, holdId: string, status: 'released' | 'captured', captureTransactionId: string | null): Promise<void> {
  await tx.query('UPDATE ledger_holds SET status = $2, capture_transaction_id = $3, closed_at = now() WHERE id = $1', [
    holdId,
    status,
    captureTransactionId,
  ]);
}
