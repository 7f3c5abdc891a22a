import { TRANSFER_METHODS, isTransferMethodKey, type RampQuote } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { createBatcher, perDatabase } from '../../lib/batcher';
import type { Json } from '../../lib/idempotency';
import { accountStatusSql } from '../accounts';
import { orderReleasesQuoteSql } from '../orders';
import { countedDepositsSql } from '../transfers';

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

/** A quote's key: what a body the in-memory checks refused still brings to the statement (a replay is by key). */
export interface QuoteKey {
  userId: string;
  idemId: string;
}

/** The quote rate limit (quote-rate-limit.ts): quotes made since `rateSince`, at most `ratePerMinute`; 0 = none. */
export interface RateChecks {
  ratePerMinute: number;
  rateSince: Date;
}

/** What `placeQuotes` checks before it stores a quote whose body passed: the rate limit and the limits' usage. */
export interface PlaceChecks extends RateChecks {
  /**
   * The weekly limit of the trade's payment method in USD cents when one concerns it (a buy paid by ACH or instant
   * ACH: limits.ts weeklyLimitOf), else null; since `weekSince`.
   */
  weeklyCap: bigint | null;
  weekSince: Date;
  /** The daily trade limit in USD cents, since `daySince`. */
  dailyCap: bigint;
  daySince: Date;
}

/**
 * One quote request for `placeQuotes`: the quote to store when every check passes, or only the key of a request whose
 * body the in-memory checks refused (validation, bank, price, minimums, per-trade maximum), which the statement still
 * answers with a replay, the account or the rate limit before `body_refused`.
 */
export type PlaceItem = { quote: NewQuote; checks: PlaceChecks } | { refusedBody: QuoteKey; checks: RateChecks };

/** What a reply needs of a stored quote: the request it was made for (a replay compares it) and its view. */
export type StoredQuote = Pick<QuoteRow, 'request' | 'view'>;

/**
 * What `placeQuotes` found for one request, the first refusal in THE order of a quote's checks (the statement's
 * `verdict`, the one place it is written): a quote under this idemId already (replayed), no opened account, the rate
 * limit (`oldest`: the oldest counted quote), the body refused in memory, the weekly ACH or the daily trade limit
 * (`used`: the usage that did not leave room); else the stored quote, or `lost_race` when a concurrent request with
 * the same idemId inserted first (its row is not visible to this statement's snapshot: read it afterwards).
 */
export type PlaceOutcome =
  | { kind: 'existing'; row: StoredQuote }
  | { kind: 'account_not_opened' }
  | { kind: 'rate_limited'; oldest: Date }
  | { kind: 'body_refused' }
  | { kind: 'weekly_limit'; used: bigint }
  | { kind: 'daily_limit'; used: bigint }
  | { kind: 'inserted'; row: StoredQuote }
  | { kind: 'lost_race' };

/** What a method's weekly limit counts besides its deposits: the buys it paid for (decision 053). */
export const WEEKLY_LIMITED_SIDE = 'buy';

/**
 * The consumed quotes that count toward the limits, as the FROM and WHERE of a query on `ramp_quotes t` (THE ORDERS
 * HOOK, decision 023): trades count from the moment their quote is consumed (the order takes it), at the quote's USD
 * value, at the consumption time, unless their order was cancelled or expired before its funds were committed
 * (decision 024, the orders module's rule). The arguments are SQL expressions: tradeUsage and the quote statement
 * read exactly the same rows.
 */
function countedTradesSql(userId: string, since: string, filter = ''): string {
  return `FROM ramp_quotes t WHERE t.user_id = ${userId} AND t.consumed_at IS NOT NULL AND t.consumed_at > ${since}${filter}
    AND NOT ${orderReleasesQuoteSql('t.id')}`;
}

const INPUT_COLUMNS = `id uuid, user_id uuid, idem_id text, request jsonb, side text, payment_method text, sell_asset text, sell_network text,
  sell_amount int8, buy_asset text, buy_network text, receive_amount int8, method_fee int8, network_fee int8, spread_fee int8, usd_value int8,
  price_bid text, price_ask text, view jsonb, created_at timestamptz, expires_at timestamptz, body_refused boolean,
  rate_limit int, rate_since timestamptz, weekly_cap int8, weekly_deposits text, week_since timestamptz, daily_cap int8, day_since timestamptz, n int`;
const QUOTE_COLUMNS = `id, user_id, idem_id, request, side, payment_method, sell_asset, sell_network, sell_amount, buy_asset, buy_network,
  receive_amount, method_fee, network_fee, spread_fee, usd_value, price_bid, price_ask, view, created_at, expires_at`;

// $1: the requests with their checks' figures, a JSON array (int8 values as strings), in the caller's order. Built on
// first use: the other modules' fragments come through their index.ts, which import this module back.
let placeSql: string | undefined;
const placeSqlText = () =>
  (placeSql ??= `WITH input AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${INPUT_COLUMNS})
  ), verdict AS MATERIALIZED (
    SELECT i.*, e.id AS existing_id, c.rate_oldest, c.weekly_used, c.daily_used, CASE
        WHEN e.id IS NOT NULL THEN 'existing'
        WHEN c.account_status IS DISTINCT FROM 'opened' THEN 'account_not_opened'
        WHEN c.rate_oldest IS NOT NULL THEN 'rate_limited'
        WHEN i.body_refused THEN 'body_refused'
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
      ${accountStatusSql('i.user_id')} AS account_status,
      CASE WHEN i.rate_limit > 0 THEN
        (SELECT r.created_at FROM ramp_quotes r WHERE r.user_id = i.user_id AND r.created_at > i.rate_since
         ORDER BY r.created_at DESC OFFSET (i.rate_limit - 1) LIMIT 1)
      END AS rate_oldest,
      CASE WHEN i.weekly_cap IS NOT NULL THEN
        (COALESCE((SELECT sum(d.amount) ${countedDepositsSql('i.user_id', 'i.weekly_deposits', 'i.week_since')}), 0)
         + COALESCE((SELECT sum(t.usd_value) ${countedTradesSql(
           'i.user_id',
           'i.week_since',
           ` AND t.payment_method = i.payment_method AND t.side = '${WEEKLY_LIMITED_SIDE}'`,
         )}), 0))::int8
      END AS weekly_used,
      CASE WHEN i.daily_cap IS NOT NULL THEN
        COALESCE((SELECT sum(t.usd_value) ${countedTradesSql('i.user_id', 'i.day_since')}), 0)::int8
      END AS daily_used
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
  ORDER BY v.n`);

interface PlaceRow {
  n: number;
  outcome: string;
  rate_oldest: Date | null;
  weekly_used: bigint | null;
  daily_used: bigint | null;
  inserted: boolean;
  request: Json | null;
  view: RampQuote | null;
  [key: string]: unknown;
}

function inputOf(item: PlaceItem, n: number) {
  const rate = {
    rate_limit: item.checks.ratePerMinute > 0 ? item.checks.ratePerMinute : 0,
    rate_since: item.checks.rateSince.toISOString(),
  };
  if ('refusedBody' in item) {
    return { n, user_id: item.refusedBody.userId, idem_id: item.refusedBody.idemId, body_refused: true, ...rate };
  }
  const { quote, checks } = item;
  return {
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
    body_refused: false,
    ...rate,
    weekly_cap: checks.weeklyCap === null ? null : String(checks.weeklyCap),
    // The deposits counted with the buys of the trade's method (its transfers kind: instant ACH's are 'instant_ach').
    weekly_deposits: isTransferMethodKey(quote.paymentMethod) ? TRANSFER_METHODS[quote.paymentMethod].kind : null,
    week_since: checks.weekSince.toISOString(),
    daily_cap: String(checks.dailyCap),
    day_since: checks.daySince.toISOString(),
  };
}

/**
 * A quote's checks that read the database and its insert in one statement, one round trip (decision 041), for
 * several requests at once: the idemId lookup, the account's status (the accounts module's fragment), the rate
 * limit's count, the limits' usage (the transfers module's deposits, the consumed quotes of tradeUsage and the orders
 * module's rule for cancelled orders) and, when all pass, the insert. The outcome is the first refusal in the order of
 * `verdict`; the caller turns it into the reply. Requests in one statement do not see each other (as concurrent
 * requests did not: the rate limit is against floods, and the limits count consumed quotes only). The commit is
 * asynchronous (synchronous_commit off for this transaction only): a crash may lose the last moments' quotes, never a
 * movement of money (an order's commit flushes the log up to it, the quotes before it included).
 */
export async function placeQuotes(q: Queryable, items: readonly PlaceItem[]): Promise<PlaceOutcome[]> {
  const input = items.map(inputOf);
  const { rows } = await q.query<PlaceRow>(placeSqlText(), [JSON.stringify(input)], { name: 'ramp-place-quotes' });
  if (rows.length !== items.length) throw new Error(`placeQuotes: ${rows.length} rows for ${items.length} quotes`);
  return rows.map((row, index): PlaceOutcome => {
    switch (row.outcome) {
      case 'existing':
        return { kind: 'existing', row: { request: row.request as Json, view: row.view as RampQuote } };
      case 'account_not_opened':
        return { kind: 'account_not_opened' };
      case 'rate_limited':
        return { kind: 'rate_limited', oldest: row.rate_oldest as Date };
      case 'body_refused':
        return { kind: 'body_refused' };
      case 'weekly_limit':
        return { kind: 'weekly_limit', used: row.weekly_used ?? 0n };
      case 'daily_limit':
        return { kind: 'daily_limit', used: row.daily_used ?? 0n };
      case 'ok': {
        const { quote } = items[index] as { quote: NewQuote };
        return row.inserted
          ? { kind: 'inserted', row: { request: quote.request, view: quote.view } }
          : { kind: 'lost_race' };
      }
      default:
        throw new Error(`placeQuotes: unknown outcome ${row.outcome}`);
    }
  });
}

const placeBatcher = perDatabase((db: Queryable) =>
  createBatcher((items: PlaceItem[]) => placeQuotes(db, items), { maxInFlight: 4, maxBatch: 100 }),
);

/** placeQuotes for one request, on the database handle itself (never in a transaction): concurrent ones share a statement. */
export function placeQuote(db: Queryable, item: PlaceItem): Promise<PlaceOutcome> {
  return placeBatcher(db)(item);
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

export interface Usage {
  /** USD cents. */
  total: bigint;
  /** The oldest counted item's time, or null when nothing counts. */
  oldest: Date | null;
}

/**
 * The trades that count toward the limits since `since` (countedTradesSql: THE ORDERS HOOK, decisions 023 and 024):
 * their total in USD cents and the oldest one's consumption time. `paymentMethod` null: every method; `side` null:
 * buys and sells.
 */
export async function tradeUsage(
  q: Queryable,
  userId: string,
  since: Date,
  filter: { paymentMethod?: string; side?: 'buy' | 'sell' } = {},
): Promise<Usage> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(t.usd_value)::int8 AS total, min(t.consumed_at) AS oldest
     ${countedTradesSql('$1', '$2', ' AND ($3::text IS NULL OR t.payment_method = $3) AND ($4::text IS NULL OR t.side = $4)')}`,
    [userId, since, filter.paymentMethod ?? null, filter.side ?? null],
  );
  return { total: rows[0]?.total ?? 0n, oldest: rows[0]?.oldest ?? null };
}
