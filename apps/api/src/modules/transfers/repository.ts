import type { TransferDirection, TransferMethodKind, TransferStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';
import type { Json } from '../../lib/idempotency';

export type TransferMethod = Exclude<TransferMethodKind, 'usd_balance'>;

export interface TransferRow {
  id: string;
  user_id: string;
  direction: TransferDirection;
  method: TransferMethod;
  status: TransferStatus;
  amount: bigint;
  fee: bigint;
  method_kind: 'bank' | 'card' | 'wire';
  method_id: string | null;
  method_last4: string | null;
  method_label: string | null;
  method_bank_code: string | null;
  funds_available: boolean;
  settles_at: Date | null;
  confirm_token_hash: string | null;
  confirm_by: Date | null;
  confirmed_at: Date | null;
  hold_id: string | null;
  credit_transaction_id: string | null;
  settle_transaction_id: string | null;
  fee_transaction_id: string | null;
  reversal_transaction_id: string | null;
  idempotency_key: string;
  request: Json;
  settled_at: Date | null;
  cancelled_at: Date | null;
  reversed_at: Date | null;
  /** The order an ACH-paid buy's deposit pays for (decision 053); null for the user's own deposits. */
  order_id: string | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

export interface NewTransfer {
  userId: string;
  direction: TransferDirection;
  method: TransferMethod;
  status: TransferStatus;
  amount: bigint;
  fee: bigint;
  methodKind: 'bank' | 'card' | 'wire';
  methodId: string | null;
  methodLast4: string | null;
  methodLabel: string | null;
  methodBankCode: string | null;
  settlesAt: Date | null;
  confirmTokenHash: string | null;
  confirmBy: Date | null;
  idempotencyKey: string;
  request: Json;
  /** The order this deposit pays for (decision 053), if any. */
  orderId?: string | null;
  now: Date;
}

/** bigint columns come back as bigint (pg's int8 parser) or string (PGlite): one shape for the rest of the module. */
function normalise(row: TransferRow): TransferRow {
  return { ...row, amount: BigInt(row.amount), fee: BigInt(row.fee) };
}

/**
 * Inserts the transfer unless the user already has one under this idempotency key (R16). Returns the new row, or
 * null when the key is taken: a concurrent insert of the same key waits here for the other to commit or roll back.
 */
export async function insertTransfer(tx: Queryable, t: NewTransfer): Promise<TransferRow | null> {
  const { rows } = await tx.query<TransferRow>(
    `INSERT INTO transfers (user_id, direction, method, status, amount, fee, method_kind, method_id, method_last4, method_label,
       method_bank_code, settles_at, confirm_token_hash, confirm_by, idempotency_key, request, settled_at, created_at, updated_at, order_id)
     VALUES ($1, $2, $3, $4, $5::int8, $6::int8, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       CASE WHEN $4 = 'settled' THEN $17::timestamptz END, $17, $17, $18)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
    [
      t.userId,
      t.direction,
      t.method,
      t.status,
      t.amount.toString(),
      t.fee.toString(),
      t.methodKind,
      t.methodId,
      t.methodLast4,
      t.methodLabel,
      t.methodBankCode,
      t.settlesAt,
      t.confirmTokenHash,
      t.confirmBy,
      t.idempotencyKey,
      JSON.stringify(t.request),
      t.now,
      t.orderId ?? null,
    ],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

export async function findTransferByKey(
  db: Queryable,
  userId: string,
  idempotencyKey: string,
  options: { forUpdate?: boolean } = {},
): Promise<TransferRow | null> {
  const { rows } = await db.query<TransferRow>(
    `SELECT * FROM transfers WHERE user_id = $1 AND idempotency_key = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId, idempotencyKey],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

/** Any transfer by id (jobs); owners read through findTransferOfUser. */
export async function findTransfer(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TransferRow | null> {
  const { rows } = await db.query<TransferRow>(
    `SELECT * FROM transfers WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

/** The caller's own transfer only: another user's id reads as unknown (docs/design-brief.md, section 6). */
export async function findTransferOfUser(
  db: Queryable,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TransferRow | null> {
  const { rows } = await db.query<TransferRow>(
    `SELECT * FROM transfers WHERE id = $1 AND user_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

export async function findByConfirmTokenHash(tx: Queryable, userId: string, hash: string): Promise<TransferRow | null> {
  const { rows } = await tx.query<TransferRow>(
    'SELECT * FROM transfers WHERE confirm_token_hash = $1 AND user_id = $2 FOR UPDATE',
    [hash, userId],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

export async function listTransfersOfUser(
  db: Queryable,
  userId: string,
  filter: { direction?: TransferDirection | undefined; status?: TransferStatus | undefined; limit: number },
): Promise<TransferRow[]> {
  const { rows } = await db.query<TransferRow>(
    // An order's deposit is shown with its order, not as a deposit of its own (decision 053).
    `SELECT * FROM transfers WHERE user_id = $1 AND order_id IS NULL AND ($2::text IS NULL OR direction = $2) AND ($3::text IS NULL OR status = $3)
     ORDER BY created_at DESC, seq DESC LIMIT $4`,
    [userId, filter.direction ?? null, filter.status ?? null, filter.limit],
  );
  return rows.map(normalise);
}

/**
 * The user's most recent pending transfers of a method and direction, locked (the sandbox's "settle the last ...").
 * `confirmedOnly` keeps withdrawals that were confirmed from their email.
 */
export async function findPendingOfUser(
  tx: Queryable,
  userId: string,
  method: TransferMethod | TransferMethod[],
  direction: TransferDirection,
  options: { limit?: number; confirmedOnly?: boolean } = {},
): Promise<TransferRow[]> {
  const { rows } = await tx.query<TransferRow>(
    `SELECT * FROM transfers WHERE user_id = $1 AND method = ANY($2::text[]) AND direction = $3 AND status = 'pending'
       ${options.confirmedOnly ? 'AND confirmed_at IS NOT NULL' : ''}
     ORDER BY created_at DESC, seq DESC${options.limit ? ` LIMIT ${Math.floor(options.limit)}` : ''} FOR UPDATE`,
    [userId, Array.isArray(method) ? method : [method], direction],
  );
  return rows.map(normalise);
}

export type TransferChange = Partial<{
  status: TransferStatus;
  settles_at: Date | null;
  confirmed_at: Date;
  hold_id: string;
  credit_transaction_id: string;
  settle_transaction_id: string;
  fee_transaction_id: string;
  reversal_transaction_id: string;
  funds_available: boolean;
  settled_at: Date;
  cancelled_at: Date;
  reversed_at: Date;
}>;

const CHANGEABLE = new Set([
  'status',
  'settles_at',
  'confirmed_at',
  'hold_id',
  'credit_transaction_id',
  'settle_transaction_id',
  'fee_transaction_id',
  'reversal_transaction_id',
  'funds_available',
  'settled_at',
  'cancelled_at',
  'reversed_at',
]);

export async function updateTransfer(
  tx: Queryable,
  id: string,
  change: TransferChange,
  now: Date,
): Promise<TransferRow> {
  const entries = Object.entries(change).filter(([key]) => CHANGEABLE.has(key));
  const sets = entries.map(([key], i) => `${key} = $${i + 3}`);
  const { rows } = await tx.query<TransferRow>(
    `UPDATE transfers SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`,
    [id, now, ...entries.map(([, value]) => value)],
  );
  const row = rows[0];
  if (!row) throw new Error(`transfer ${id} vanished`);
  return normalise(row);
}

export async function recordTransferTransition(
  tx: Queryable,
  transferId: string,
  from: TransferStatus | null,
  to: TransferStatus,
  reason: string,
  at: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO transfer_transitions (transfer_id, from_status, to_status, reason, at) VALUES ($1, $2, $3, $4, $5)',
    [transferId, from, to, reason, at],
  );
}

export async function listTransferTransitions(
  db: Queryable,
  transferId: string,
): Promise<{ from_status: TransferStatus | null; to_status: TransferStatus; reason: string; at: Date }[]> {
  const { rows } = await db.query<{
    from_status: TransferStatus | null;
    to_status: TransferStatus;
    reason: string;
    at: Date;
  }>('SELECT from_status, to_status, reason, at FROM transfer_transitions WHERE transfer_id = $1 ORDER BY id', [
    transferId,
  ]);
  return rows;
}
