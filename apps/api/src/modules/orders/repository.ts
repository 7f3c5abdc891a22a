import type { OrderStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';
import type { AssetCode } from '../ledger';

export interface OrderFigures {
  sellAmountTotal: string;
  receiveAmount: string;
  rate: string;
  fees: { kind: 'method' | 'network' | 'spread'; label: string; assetTicker: 'USD'; amount: string }[];
  totalFees: string;
}

export type OrderRow = {
  id: string;
  user_id: string;
  quote_id: string;
  side: 'buy' | 'sell';
  status: OrderStatus;
  payment_method: string;
  sell_delivery_method: 'payment_method' | 'deposit' | 'holdings';
  sell_asset: AssetCode;
  sell_network: string;
  sell_amount: bigint;
  buy_asset: AssetCode;
  buy_network: string;
  receive_amount: bigint;
  method_fee: bigint;
  network_fee: bigint;
  spread_fee: bigint;
  figures: OrderFigures;
  buy_address: string;
  buy_memo: string | null;
  sell_address: string | null;
  deposit_address: string | null;
  deposit_memo: string | null;
  /** A sell by deposit: minor units of the sold asset arrived so far at the deposit address. */
  deposit_received: bigint;
  tracking_id: string;
  short_id: string;
  hold_id: string | null;
  /** The Idempotency-Key of the sandbox test sell call that brought this order's deposit (decision 049). */
  deposit_key?: string | null;
  transfer_id: string | null;
  tx_hash: string | null;
  sent_at: Date | null;
  confirmations: number;
  required_confirmations: number;
  reason: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type TransitionRow = {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  reason: string;
  at: Date;
};

const BIGINTS = [
  'sell_amount',
  'receive_amount',
  'method_fee',
  'network_fee',
  'spread_fee',
  'deposit_received',
] as const;

function normalise(row: OrderRow | undefined): OrderRow | null {
  if (!row) return null;
  for (const key of BIGINTS) row[key] = BigInt(row[key]);
  for (const key of ['sent_at', 'expires_at', 'created_at', 'updated_at'] as const) {
    const value = row[key];
    if (value !== null && !(value instanceof Date))
      (row as unknown as Record<string, unknown>)[key] = new Date(value as unknown as string);
  }
  row.confirmations = Number(row.confirmations);
  row.required_confirmations = Number(row.required_confirmations);
  return row;
}

export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'hold_id'
  | 'transfer_id'
  | 'tx_hash'
  | 'sent_at'
  | 'confirmations'
  | 'reason'
  | 'updated_at'
  | 'deposit_received'
> & { id: string };

export async function insertOrder(q: Queryable, o: NewOrder): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    `INSERT INTO ramp_orders (id, user_id, quote_id, side, status, payment_method, sell_delivery_method, sell_asset, sell_network,
       sell_amount, buy_asset, buy_network, receive_amount, method_fee, network_fee, spread_fee, figures, buy_address, buy_memo,
       sell_address, deposit_address, deposit_memo, tracking_id, short_id, required_confirmations, expires_at, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$27)
     RETURNING *`,
    [
      o.id,
      o.user_id,
      o.quote_id,
      o.side,
      o.status,
      o.payment_method,
      o.sell_delivery_method,
      o.sell_asset,
      o.sell_network,
      o.sell_amount.toString(),
      o.buy_asset,
      o.buy_network,
      o.receive_amount.toString(),
      o.method_fee.toString(),
      o.network_fee.toString(),
      o.spread_fee.toString(),
      JSON.stringify(o.figures),
      o.buy_address,
      o.buy_memo,
      o.sell_address,
      o.deposit_address,
      o.deposit_memo,
      o.tracking_id,
      o.short_id,
      o.required_confirmations,
      o.expires_at,
      o.created_at,
    ],
  );
  return normalise(rows[0])!;
}

export async function findOrder(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM ramp_orders WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return normalise(rows[0]);
}

export async function findOrderOfUser(
  q: Queryable,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM ramp_orders WHERE id = $1 AND user_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return normalise(rows[0]);
}

export async function findOrderByQuote(q: Queryable, quoteId: string): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>('SELECT * FROM ramp_orders WHERE quote_id = $1', [quoteId]);
  return normalise(rows[0]);
}

export async function findOrderByTracking(q: Queryable, trackingId: string): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>('SELECT * FROM ramp_orders WHERE tracking_id = $1', [trackingId]);
  return normalise(rows[0]);
}

export async function findOrderByShortId(q: Queryable, shortId: string): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>('SELECT * FROM ramp_orders WHERE short_id = $1', [shortId]);
  return normalise(rows[0]);
}

/** Newest first; the cursor is the last row's (created_at, id). */
export async function listOrdersOfUser(
  q: Queryable,
  userId: string,
  options: { limit: number; before?: { at: Date; id: string } | null; side?: 'buy' | 'sell' },
): Promise<OrderRow[]> {
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (options.side) {
    params.push(options.side);
    where += ` AND side = $${params.length}`;
  }
  if (options.before) {
    params.push(options.before.at, options.before.id);
    where += ` AND (created_at, id) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(options.limit);
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM ramp_orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => normalise(r)!);
}

export async function updateOrder(
  q: Queryable,
  id: string,
  patch: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'hold_id'
      | 'deposit_key'
      | 'transfer_id'
      | 'tx_hash'
      | 'sent_at'
      | 'confirmations'
      | 'reason'
      | 'expires_at'
    >
  >,
  now: Date,
): Promise<OrderRow> {
  const keys = Object.keys(patch) as (keyof typeof patch)[];
  const sets = keys.map((key, i) => `${key} = $${i + 3}`);
  const { rows } = await q.query<OrderRow>(
    `UPDATE ramp_orders SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`,
    [id, now, ...keys.map((k) => patch[k])],
  );
  return normalise(rows[0])!;
}

export async function insertTransition(
  q: Queryable,
  orderId: string,
  from: OrderStatus | null,
  to: OrderStatus,
  reason: string,
  at: Date,
): Promise<void> {
  await q.query(
    'INSERT INTO ramp_order_transitions (order_id, from_status, to_status, reason, at) VALUES ($1, $2, $3, $4, $5)',
    [orderId, from, to, reason, at],
  );
}

export async function listTransitions(q: Queryable, orderId: string): Promise<TransitionRow[]> {
  const { rows } = await q.query<TransitionRow>(
    'SELECT from_status, to_status, reason, at FROM ramp_order_transitions WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows.map((r) => ({ ...r, at: r.at instanceof Date ? r.at : new Date(r.at) }));
}

/** The quote's stored integers (consumeQuote gives the view; the order keeps the exact minor units). */
export async function quoteAmounts(
  q: Queryable,
  quoteId: string,
): Promise<{
  sell_amount: bigint;
  receive_amount: bigint;
  method_fee: bigint;
  network_fee: bigint;
  spread_fee: bigint;
}> {
  const { rows } = await q.query<Record<string, bigint>>(
    'SELECT sell_amount, receive_amount, method_fee, network_fee, spread_fee FROM ramp_quotes WHERE id = $1',
    [quoteId],
  );
  const r = rows[0];
  if (!r) throw new Error(`quote ${quoteId} vanished`);
  return {
    sell_amount: BigInt(r.sell_amount!),
    receive_amount: BigInt(r.receive_amount!),
    method_fee: BigInt(r.method_fee!),
    network_fee: BigInt(r.network_fee!),
    spread_fee: BigInt(r.spread_fee!),
  };
}

/** The caller's order whose deposit the sandbox test sell call under this key brought, if any (decision 049). */
export async function findOrderByDepositKey(q: Queryable, userId: string, key: string): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>('SELECT * FROM ramp_orders WHERE user_id = $1 AND deposit_key = $2', [
    userId,
    key,
  ]);
  return normalise(rows[0]);
}

/** The caller's newest sell order still waiting for its deposit (the sandbox's test sell flow). */
export async function newestOrderAwaitingDeposit(q: Queryable, userId: string): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    "SELECT * FROM ramp_orders WHERE user_id = $1 AND status = 'awaiting_deposit' ORDER BY created_at DESC, id DESC LIMIT 1",
    [userId],
  );
  return normalise(rows[0]);
}

/** The sell order whose deposit address on `network` is `address` (EVM addresses compared without their case). */
export async function findOrderByDepositAddress(
  q: Queryable,
  network: string,
  address: string,
): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    'SELECT * FROM ramp_orders WHERE sell_network = $1 AND lower(deposit_address) = lower($2) FOR UPDATE',
    [network, address],
  );
  return normalise(rows[0]);
}

/**
 * Claims one chain deposit (a transaction's log) for an order; false when it was claimed before. With it, the total of
 * the order's deposits of `countedAsset`, this one included.
 */
export async function claimOrderChainDeposit(
  q: Queryable,
  row: { network: string; txHash: string; logIndex: number; orderId: string; asset: string; amount: bigint; now: Date },
  countedAsset: string,
): Promise<{ claimed: boolean; total: bigint }> {
  const { rows } = await q.query<{ claimed: boolean; total: string }>(
    `WITH claimed AS (
       INSERT INTO order_chain_deposits (network, tx_hash, log_index, order_id, asset, amount, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING asset, amount
     )
     SELECT EXISTS (SELECT 1 FROM claimed) AS claimed,
            ((SELECT coalesce(sum(amount), 0) FROM order_chain_deposits WHERE order_id = $4 AND asset = $8)
              + (SELECT coalesce(sum(amount), 0) FROM claimed WHERE asset = $8))::text AS total`,
    [row.network, row.txHash, row.logIndex, row.orderId, row.asset, row.amount.toString(), row.now, countedAsset],
  );
  return { claimed: rows[0]!.claimed, total: BigInt(rows[0]!.total) };
}

/** What has arrived so far at a sell order's deposit address. */
export async function setDepositReceived(q: Queryable, id: string, amount: bigint): Promise<void> {
  await q.query('UPDATE ramp_orders SET deposit_received = $2 WHERE id = $1', [id, amount.toString()]);
}

/** A late-funded buy priced again (decision 029): what it delivers, its spread and its figures as the user sees them. */
export async function repriceOrder(
  q: Queryable,
  id: string,
  values: { receive_amount: bigint; spread_fee: bigint; figures: OrderFigures },
  now: Date,
): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    'UPDATE ramp_orders SET receive_amount = $2, spread_fee = $3, figures = $4, updated_at = $5 WHERE id = $1 RETURNING *',
    [id, values.receive_amount.toString(), values.spread_fee.toString(), JSON.stringify(values.figures), now],
  );
  return normalise(rows[0])!;
}
