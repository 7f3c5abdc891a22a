import type { RampQuote } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { createBatcher, perDatabase } from '../../lib/batcher';
import type { Json } from '../../lib/idempotency';

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

const COLUMNS =
  'id, user_id, idem_id, request, side, payment_method, usd_value, view, created_at, expires_at, consumed_at';

/** Inserts the quote unless (user, idemId) exists already: the row, or null when another request got there first. */
export async function insertQuote(q: Queryable, quote: NewQuote): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(
    `INSERT INTO ramp_quotes (id, user_id, idem_id, request, side, payment_method, sell_asset, sell_network, sell_amount, buy_asset,
       buy_network, receive_amount, method_fee, network_fee, spread_fee, usd_value, price_bid, price_ask, view, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     ON CONFLICT (user_id, idem_id) DO NOTHING RETURNING ${COLUMNS}`,
    [
      quote.id,
      quote.userId,
      quote.idemId,
      JSON.stringify(quote.request),
      quote.side,
      quote.paymentMethod,
      quote.sellAsset,
      quote.sellNetwork,
      quote.sellAmount,
      quote.buyAsset,
      quote.buyNetwork,
      quote.receiveAmount,
      quote.methodFee,
      quote.networkFee,
      quote.spreadFee,
      quote.usdValue,
      quote.priceBid,
      quote.priceAsk,
      JSON.stringify(quote.view),
      quote.createdAt,
      quote.expiresAt,
    ],
  );
  return rows[0] ?? null;
}

/** What `placeQuote` checks in the statement that stores the quote (the figures the step-by-step checks read). */
export interface PlaceChecks {
  /** The quote rate limit (quote-rate-limit.ts): quotes made since `rateSince`, at most `ratePerMinute`; 0 = none. */
  ratePerMinute: number;
  rateSince: Date;
  /** The weekly ACH limit in USD cents when it concerns the trade (a buy paid by ACH), else null; since `weekSince`. */
  weeklyCap: bigint | null;
  weekSince: Date;
  /** The daily trade limit in USD cents, since `daySince`. */
  dailyCap: bigint;
  daySince: Date;
}

/**
 * What `placeQuote` found, in the order createQuote's checks refuse: a quote under this idemId already (replayed),
 * no opened account, the rate limit (`oldest`: the oldest counted quote), the weekly ACH or the daily trade limit
 * (`used`: the usage that did not leave room), or the stored quote; `lost_race` when a concurrent request with the
 * same idemId inserted first (its row is not visible to this statement's snapshot: read it afterwards).
 */
/** What a reply needs of a stored quote: the request it was made for (a replay compares it) and its view. */
export type StoredQuote = Pick<QuoteRow, 'request' | 'view'>;

export type PlaceOutcome =
  | { kind: 'existing'; row: StoredQuote }
  | { kind: 'inserted'; row: StoredQuote }
  | { kind: 'lost_race' }
  | { kind: 'account_not_opened' }
  | { kind: 'rate_limited'; oldest: Date }
  | { kind: 'weekly_limit'; used: bigint }
  | { kind: 'daily_limit'; used: bigint };

// The usage sums of depositUsage and tradeUsage below, as scalar subqueries for the input row `i`. The order of a
// quote (quote_id is unique) is read by a scalar subquery, not NOT EXISTS, which the planner turns into an anti join
// that may read all the orders (decision 044).
const tradeUsageSql = (since: string, filter = '') => `SELECT sum(t.usd_value) FROM ramp_quotes t
  WHERE t.user_id = i.user_id AND t.consumed_at IS NOT NULL AND t.consumed_at > ${since}${filter}
    AND NOT COALESCE((SELECT o.status IN ('cancelled', 'expired') FROM ramp_orders o WHERE o.quote_id = t.id), false)`;

const INPUT_COLUMNS = `id uuid, user_id uuid, idem_id text, request jsonb, side text, payment_method text, sell_asset text, sell_network text,
  sell_amount int8, buy_asset text, buy_network text, receive_amount int8, method_fee int8, network_fee int8, spread_fee int8, usd_value int8,
  price_bid text, price_ask text, view jsonb, created_at timestamptz, expires_at timestamptz,
  rate_limit int, rate_since timestamptz, weekly_cap int8, week_since timestamptz, daily_cap int8, day_since timestamptz, n int`;
const QUOTE_COLUMNS = `id, user_id, idem_id, request, side, payment_method, sell_asset, sell_network, sell_amount, buy_asset, buy_network,
  receive_amount, method_fee, network_fee, spread_fee, usd_value, price_bid, price_ask, view, created_at, expires_at`;

// $1: the quotes with their checks' figures, a JSON array (int8 values as strings), in the caller's order.
const PLACE_SQL = `WITH input AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${INPUT_COLUMNS})
  ), verdict AS MATERIALIZED (
    SELECT i.*, e.id AS existing_id, c.rate_oldest, c.weekly_used, c.daily_used, CASE
        WHEN e.id IS NOT NULL THEN 'existing'
        WHEN c.account_status IS DISTINCT FROM 'opened' THEN 'account_not_opened'
        WHEN c.rate_oldest IS NOT NULL THEN 'rate_limited'
        WHEN c.weekly_used + i.usd_value > i.weekly_cap THEN 'weekly_limit'
        WHEN c.daily_used + i.usd_value > i.daily_cap THEN 'daily_limit'
        ELSE 'ok'
      END AS outcome
    FROM input i
    -- Every lookup LATERAL, by index, whatever the plan's guess of the input's size (a hash join over the table would
    -- read all the quotes). LIMIT 1 (the keys are unique) keeps the planner from pulling a lookup up into a join: it
    -- did, and a connection's cached plan made while the table was small read the whole table for every statement
    -- (decision 044).
    LEFT JOIN LATERAL (SELECT q.id FROM ramp_quotes q WHERE q.user_id = i.user_id AND q.idem_id = i.idem_id LIMIT 1) e ON true
    CROSS JOIN LATERAL (SELECT
      (SELECT a.status FROM custodian_accounts a WHERE a.user_id = i.user_id) AS account_status,
      CASE WHEN i.rate_limit > 0 THEN
        (SELECT r.created_at FROM ramp_quotes r WHERE r.user_id = i.user_id AND r.created_at > i.rate_since
         ORDER BY r.created_at DESC OFFSET (i.rate_limit - 1) LIMIT 1)
      END AS rate_oldest,
      CASE WHEN i.weekly_cap IS NOT NULL THEN
        (COALESCE((SELECT sum(d.amount) FROM transfers d
                   WHERE d.user_id = i.user_id AND d.direction = 'contribution' AND d.method = 'ach' AND d.status <> 'cancelled'
                     AND d.order_id IS NULL AND d.created_at > i.week_since), 0)
         + COALESCE((${tradeUsageSql('i.week_since', ` AND t.payment_method = 'primex_ach' AND t.side = 'buy'`)}), 0))::int8
      END AS weekly_used,
      COALESCE((${tradeUsageSql('i.day_since')}), 0)::int8 AS daily_used
    ) c
  ), inserted AS (
    INSERT INTO ramp_quotes (${QUOTE_COLUMNS})
    SELECT ${QUOTE_COLUMNS} FROM verdict WHERE outcome = 'ok'
    -- One order for every statement: two statements carrying the same two new keys cannot wait on each other.
    ORDER BY user_id, idem_id
    ON CONFLICT (user_id, idem_id) DO NOTHING RETURNING id
  )
  SELECT v.n, v.outcome, v.rate_oldest, v.weekly_used, v.daily_used, (ins.id IS NOT NULL) AS inserted, e.request, e.view,
    -- A quote is no money movement: its commit does not wait for the disk (decision 041).
    set_config('synchronous_commit', 'off', true) AS commit_mode
  FROM verdict v
  LEFT JOIN inserted ins ON ins.id = v.id
  LEFT JOIN LATERAL (SELECT q.request, q.view FROM ramp_quotes q WHERE q.id = v.existing_id LIMIT 1) e ON true
  ORDER BY v.n`;

interface PlaceRow {
  n: number;
  outcome: string;
  rate_oldest: Date | null;
  weekly_used: bigint | null;
  daily_used: bigint;
  inserted: boolean;
  request: Json | null;
  view: RampQuote | null;
  [key: string]: unknown;
}

/**
 * The quote's checks that read the database and its insert in one statement, one round trip (decision 041), for
 * several quotes at once: the idemId lookup, the account's status, the rate limit's count, the limits' usage and,
 * when all pass, the insert. Each check reads what the step-by-step ones read (findQuoteByIdem, findAccount,
 * nthNewestQuoteSince, depositUsage and tradeUsage) and refuses in their order; the caller turns the outcome into
 * the same replies. Quotes in one statement do not see each other (as concurrent requests did not: the rate limit
 * is against floods, and the limits count consumed quotes only). The commit is asynchronous (synchronous_commit off
 * for this transaction only): a crash may lose the last moments' quotes, never a movement of money (an order's
 * commit flushes the log up to it, the quotes before it included).
 */
export async function placeQuotes(
  q: Queryable,
  items: readonly { quote: NewQuote; checks: PlaceChecks }[],
): Promise<PlaceOutcome[]> {
  const input = items.map(({ quote, checks }, n) => ({
    n,
    id: quote.id,
    user_id: quote.userId,
    idem_id: quote.idemId,
    request: quote.request,
    side: quote.side,
    payment_method: quote.paymentMethod,
    sell_asset: quote.sellAsset,
    sell_network: quote.sellNetwork,
    sell_amount: String(quote.sellAmount),
    buy_asset: quote.buyAsset,
    buy_network: quote.buyNetwork,
    receive_amount: String(quote.receiveAmount),
    method_fee: String(quote.methodFee),
    network_fee: String(quote.networkFee),
    spread_fee: String(quote.spreadFee),
    usd_value: String(quote.usdValue),
    price_bid: quote.priceBid,
    price_ask: quote.priceAsk,
    view: quote.view,
    created_at: quote.createdAt.toISOString(),
    expires_at: quote.expiresAt.toISOString(),
    rate_limit: checks.ratePerMinute > 0 ? checks.ratePerMinute : 0,
    rate_since: checks.rateSince.toISOString(),
    weekly_cap: checks.weeklyCap === null ? null : String(checks.weeklyCap),
    week_since: checks.weekSince.toISOString(),
    daily_cap: String(checks.dailyCap),
    day_since: checks.daySince.toISOString(),
  }));
  const { rows } = await q.query<PlaceRow>(PLACE_SQL, [JSON.stringify(input)], { name: 'ramp-place-quotes' });
  if (rows.length !== items.length) throw new Error(`placeQuotes: ${rows.length} rows for ${items.length} quotes`);
  return rows.map((row, index): PlaceOutcome => {
    const item = items[index] as { quote: NewQuote };
    switch (row.outcome) {
      case 'existing':
        return { kind: 'existing', row: { request: row.request as Json, view: row.view as RampQuote } };
      case 'ok':
        return row.inserted
          ? { kind: 'inserted', row: { request: item.quote.request, view: item.quote.view } }
          : { kind: 'lost_race' };
      case 'account_not_opened':
        return { kind: 'account_not_opened' };
      case 'rate_limited':
        return { kind: 'rate_limited', oldest: row.rate_oldest as Date };
      case 'weekly_limit':
        return { kind: 'weekly_limit', used: row.weekly_used ?? 0n };
      case 'daily_limit':
        return { kind: 'daily_limit', used: row.daily_used };
      default:
        throw new Error(`placeQuotes: unknown outcome ${row.outcome}`);
    }
  });
}

const placeBatcher = perDatabase((db: Queryable) =>
  createBatcher((items: { quote: NewQuote; checks: PlaceChecks }[]) => placeQuotes(db, items), {
    maxInFlight: 4,
    maxBatch: 100,
  }),
);

/** placeQuotes for one quote, on the database handle itself (never in a transaction): concurrent quotes share a statement. */
export function placeQuote(db: Queryable, quote: NewQuote, checks: PlaceChecks): Promise<PlaceOutcome> {
  return placeBatcher(db)({ quote, checks });
}

export async function findQuoteByIdem(q: Queryable, userId: string, idemId: string): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(`SELECT ${COLUMNS} FROM ramp_quotes WHERE user_id = $1 AND idem_id = $2`, [
    userId,
    idemId,
  ]);
  return rows[0] ?? null;
}

/** A quote read through its owner (another user's id finds nothing), without a lock. */
export async function findQuoteOfUser(q: Queryable, userId: string, quoteId: string): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(`SELECT ${COLUMNS} FROM ramp_quotes WHERE id = $1 AND user_id = $2`, [
    quoteId,
    userId,
  ]);
  return rows[0] ?? null;
}

/** A quote read through its owner (another user's id finds nothing), locked for the order that takes it. */
export async function findQuoteOfUserForUpdate(
  q: Queryable,
  userId: string,
  quoteId: string,
): Promise<QuoteRow | null> {
  const { rows } = await q.query<QuoteRow>(
    `SELECT ${COLUMNS} FROM ramp_quotes WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [quoteId, userId],
  );
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
 * Deposits by a method since `since` (the USD transfers of decision 015): pending, settled and reversed ones count (a
 * reversed ACH deposit still moved through the limit's window); cancelled ones do not. Amounts in USD cents, fees
 * excluded. An order's own deposit is not counted: its buy is (tradeUsage), and each dollar counts once (decision 053).
 */
export async function depositUsage(q: Queryable, userId: string, method: 'ach' | 'card', since: Date): Promise<Usage> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(amount)::int8 AS total, min(created_at) AS oldest FROM transfers
     WHERE user_id = $1 AND direction = 'contribution' AND method = $2 AND status <> 'cancelled' AND order_id IS NULL AND created_at > $3`,
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
export async function tradeUsage(
  q: Queryable,
  userId: string,
  since: Date,
  filter: { paymentMethod?: string; side?: 'buy' | 'sell' } = {},
): Promise<Usage> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(usd_value)::int8 AS total, min(consumed_at) AS oldest FROM ramp_quotes
     WHERE user_id = $1 AND consumed_at IS NOT NULL AND consumed_at > $2
       AND ($3::text IS NULL OR payment_method = $3) AND ($4::text IS NULL OR side = $4)
       AND NOT EXISTS (SELECT 1 FROM ramp_orders o WHERE o.quote_id = ramp_quotes.id AND o.status IN ('cancelled', 'expired'))`,
    [userId, since, filter.paymentMethod ?? null, filter.side ?? null],
  );
  return usageOf(rows[0]);
}
