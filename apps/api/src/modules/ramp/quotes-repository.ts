import type { RampQuote } from '@rampart/contracts';
import type { Queryable } from '../../db';
import type { Json } from '../ledger/idempotency';

export interface QuoteRow {
  id: string;
  user_id: string;
  idem_id: string;
  request: Json;
  side: 'buy' | 'sell';
  payment_method: string;
  usd_value: bigint;
  view: RampQuote;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  [key: string]: unknown;
}

export interface NewQuote {
  id: string;
  userId: string;
  idemId: string;
  request: Json;
  side: 'buy' | 'sell';
  paymentMethod: string;
  sellAsset: string;
  sellNetwork: string;
  sellAmount: bigint;
  buyAsset: string;
  buyNetwork: string;
  receiveAmount: bigint;
  methodFee: bigint;
  networkFee: bigint;
  spreadFee: bigint;
  usdValue: bigint;
  priceBid: string;
  priceAsk: string;
  view: RampQuote;
  createdAt: Date;
  expiresAt: Date;
}

const COLUMNS = 'id, user_id, idem_id, request, side, payment_method, usd_value, view, created_at, expires_at, consumed_at';

/** Inserts the quote unless (user, idemId) exists already: the row, or null when another request got there first. */
export async function insertQuote(q: Queryable, quote: NewQuote): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(
    `INSERT INTO ramp_quotes (id, user_id, idem_id, request, side, payment_method, sell_asset, sell_network, sell_amount, buy_asset,
       buy_network, receive_amount, method_fee, network_fee, spread_fee, usd_value, price_bid, price_ask, view, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     ON CONFLICT (user_id, idem_id) DO NOTHING RETURNING ${COLUMNS}`,
    [
      quote.id, quote.userId, quote.idemId, JSON.stringify(quote.request), quote.side, quote.paymentMethod, quote.sellAsset, quote.sellNetwork,
      quote.sellAmount, quote.buyAsset, quote.buyNetwork, quote.receiveAmount, quote.methodFee, quote.networkFee, quote.spreadFee, quote.usdValue,
      quote.priceBid, quote.priceAsk, JSON.stringify(quote.view), quote.createdAt, quote.expiresAt,
    ],
  );
  return rows[0] ?? null;
}

export async function findQuoteByIdem(q: Queryable, userId: string, idemId: string): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(`SELECT ${COLUMNS} FROM ramp_quotes WHERE user_id = $1 AND idem_id = $2`, [userId, idemId]);
  return rows[0] ?? null;
}

/** A quote read through its owner (another user's id finds nothing), without a lock. */
export async function findQuoteOfUser(q: Queryable, userId: string, quoteId: string): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(`SELECT ${COLUMNS} FROM ramp_quotes WHERE id = $1 AND user_id = $2`, [quoteId, userId]);
  return rows[0] ?? null;
}

/** A quote read through its owner (another user's id finds nothing), locked for the order that takes it. */
export async function findQuoteOfUserForUpdate(q: Queryable, userId: string, quoteId: string): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(`SELECT ${COLUMNS} FROM ramp_quotes WHERE id = $1 AND user_id = $2 FOR UPDATE`, [quoteId, userId]);
  return rows[0] ?? null;
}

export async function markQuoteConsumed(q: Queryable, quoteId: string, at: Date): Promise<void> {
  await q.query('UPDATE ramp_quotes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL', [quoteId, at]);
}

/** When the user's `limit`-th newest quote since `since` was made (the rate limit's oldest counted one), or null. */
export async function nthNewestQuoteSince(q: Queryable, userId: string, since: Date, n: number): Promise<Date | null> {
  const { rows } = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM ramp_quotes WHERE user_id = $1 AND created_at > $2 ORDER BY created_at DESC OFFSET $3 LIMIT 1`,
    [userId, since, n - 1],
  );
  return rows[0]?.created_at ?? null;
}

export interface Usage {
  /** USD cents. */
  total: bigint;
  /** The oldest counted item's time, or null when nothing counts. */
  oldest: Date | null;
}

function usageOf(row: { total: bigint | null; oldest: Date | null } | undefined): Usage {
  return { total: row?.total ?? 0n, oldest: row?.oldest ?? null };
}

/**
 * Deposits by a method since `since` (transfers of issue 5): pending, settled and reversed ones count (a reversed
 * ACH deposit still moved through the limit's window); cancelled ones do not. Amounts in USD cents, fees excluded.
 */
export async function depositUsage(q: Queryable, userId: string, method: 'ach' | 'card', since: Date): Promise<Usage> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(amount)::int8 AS total, min(created_at) AS oldest FROM transfers
     WHERE user_id = $1 AND direction = 'contribution' AND method = $2 AND status <> 'cancelled' AND created_at > $3`,
    [userId, method, since],
  );
  return usageOf(rows[0]);
}

/**
 * THE ORDERS HOOK (decision 023): trades count toward the limits from the moment their quote is consumed (the order
 * takes it), at the quote's USD value, at the consumption time; orders cancelled or expired before their funds were
 * committed stop counting (decision 024).
 * `paymentMethod` null: every method; `side` null: buys and sells.
 */
export async function tradeUsage(q: Queryable, userId: string, since: Date, filter: { paymentMethod?: string; side?: 'buy' | 'sell' } = {}): Promise<Usage> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(usd_value)::int8 AS total, min(consumed_at) AS oldest FROM ramp_quotes
     WHERE user_id = $1 AND consumed_at IS NOT NULL AND consumed_at > $2
       AND ($3::text IS NULL OR payment_method = $3) AND ($4::text IS NULL OR side = $4)
       AND NOT EXISTS (SELECT 1 FROM ramp_orders o WHERE o.quote_id = ramp_quotes.id AND o.status IN ('cancelled', 'expired'))`,
    [userId, since, filter.paymentMethod ?? null, filter.side ?? null],
  );
  return usageOf(rows[0]);
}
