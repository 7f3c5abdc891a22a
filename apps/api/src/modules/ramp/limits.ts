import {
  RAMP_DAY_MS,
  RAMP_LIMITS,
  RAMP_QUOTE_MESSAGES,
  RAMP_SOURCE_METHODS,
  serverMessage,
  RAMP_WEEK_MS,
  TRANSFER_METHODS,
  TRANSFER_METHOD_KEYS,
  WEEKLY_LIMITED_METHODS,
  isWeeklyLimited,
  minorToDecimal,
  transferMethodByKind,
  type RampLimit,
  type RampLimitsReply,
  type ServerMessage,
  type TransferMethodKey,
  type TransferMethodKind,
  type WeeklyLimitedMethod,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { depositUsage } from '../transfers';
import { WEEKLY_LIMITED_SIDE, tradeUsage, type Usage } from './quotes-repository';

/**
 * The limits (document 2, section 9: '$1000 weekly limit for the slowest card or ACH options'; the rest ours;
 * decision 023). All rolling windows, not calendar weeks: a limit frees up exactly 7 days (24 hours) after what
 * used it, so there is no Monday-morning cliff and no time zone to argue about.
 * - weekly_method, one per method of WEEKLY_LIMITED_METHODS (ACH, instant ACH, card), each its own: the method's
 *   deposits (transfers) + the buys it paid for (consumed quotes), last 7 days: $1000. Cards pay for no trade (R13).
 * - daily_trades: every trade (consumed quotes), last 24 hours: $25,000.
 * - per_trade: one trade: $10,000.
 * Decision 053: each dollar counts once (an ACH-paid buy's own deposit is the buy, not a deposit too), and the weekly
 * limit of a method is enforced on its deposits (assertDepositWithinLimits) as on the buys it pays for.
 */

const usd = (cents: bigint) => minorToDecimal(cents, 2);

function limitOf(
  kind: RampLimit['kind'],
  method: string | null,
  windowMs: number | null,
  limit: bigint,
  usage: Usage,
): RampLimit {
  const remaining = limit - usage.total;
  return {
    kind,
    method,
    windowHours: windowMs === null ? null : windowMs / 3_600_000,
    limit: usd(limit),
    used: usd(usage.total),
    remaining: usd(remaining > 0n ? remaining : 0n),
    nextReleaseAt:
      usage.oldest && windowMs !== null ? new Date(new Date(usage.oldest).getTime() + windowMs).toISOString() : null,
  };
}

function addUsage(a: Usage, b: Usage): Usage {
  const oldest =
    a.oldest && b.oldest ? (new Date(a.oldest) < new Date(b.oldest) ? a.oldest : b.oldest) : (a.oldest ?? b.oldest);
  return { total: a.total + b.total, oldest };
}

/** What a weekly-limited method moved in over the last 7 days: its deposits and the buys it paid for. */
export async function weeklyUsage(
  q: Queryable,
  userId: string,
  method: WeeklyLimitedMethod,
  now: Date,
): Promise<Usage> {
  const since = new Date(now.getTime() - RAMP_WEEK_MS);
  const deposits = await depositUsage(q, userId, TRANSFER_METHODS[method].kind, since);
  // A card pays for no trade (R13): its deposits are all it moved in.
  if (!paysForTrades(method)) return deposits;
  return addUsage(deposits, await tradeUsage(q, userId, since, { paymentMethod: method, side: WEEKLY_LIMITED_SIDE }));
}

const paysForTrades = (method: TransferMethodKey) => (RAMP_SOURCE_METHODS as readonly string[]).includes(method);

export async function dailyTradeUsage(q: Queryable, userId: string, now: Date): Promise<Usage> {
  return tradeUsage(q, userId, new Date(now.getTime() - RAMP_DAY_MS));
}

/** Which limits concern a payment method key (all of them when null). */
function limitsFor(method: TransferMethodKey | null): { weekly: readonly WeeklyLimitedMethod[]; trades: boolean } {
  if (method === null) return { weekly: WEEKLY_LIMITED_METHODS, trades: true };
  return {
    weekly: isWeeklyLimited(method) ? [method] : [],
    // Card and wires do not pay for trades (R13): only their own deposit limits concern them.
    trades: paysForTrades(method),
  };
}

/** `/api/ramp/limits`: the caller's limits with what is used and what remains now. */
export async function getLimits(
  q: Queryable,
  userId: string,
  now: Date,
  method: string | null,
): Promise<RampLimitsReply> {
  if (method !== null && !(TRANSFER_METHOD_KEYS as readonly string[]).includes(method)) {
    throw AppError.validation({ method: RAMP_QUOTE_MESSAGES.methodUnknown });
  }
  const which = limitsFor(method as TransferMethodKey | null);
  const limits: RampLimit[] = [];
  for (const weekly of which.weekly) {
    const usage = await weeklyUsage(q, userId, weekly, now);
    limits.push(limitOf('weekly_method', weekly, RAMP_WEEK_MS, RAMP_LIMITS.weeklySlowMethodCents, usage));
  }
  if (which.trades) {
    limits.push(
      limitOf('daily_trades', null, RAMP_DAY_MS, RAMP_LIMITS.dailyTradeMaxCents, await dailyTradeUsage(q, userId, now)),
    );
    limits.push(limitOf('per_trade', null, null, RAMP_LIMITS.perTradeMaxCents, { total: 0n, oldest: null }));
  }
  return { assetTicker: 'USD', minimumTrade: usd(RAMP_LIMITS.minTradeCents), limits };
}

function overLimit(message: ServerMessage, field = 'sellAmountTotal'): AppError {
  return AppError.onFields('trade_limit_exceeded', { [field]: message });
}

const leftOf = (limit: bigint, used: bigint) => usd(limit - used > 0n ? limit - used : 0n);

/** The refusals of the limits, each saying what remains: shared by assertWithinLimits and createQuote. */
export const limitRefusal = {
  perTrade: () =>
    overLimit(serverMessage('ramp.amountAboveTradeMaximum', { maximum: usd(RAMP_LIMITS.perTradeMaxCents) })),
  weekly: (used: bigint) =>
    overLimit(
      serverMessage('ramp.weeklyLimitExceeded', { remaining: leftOf(RAMP_LIMITS.weeklySlowMethodCents, used) }),
    ),
  daily: (used: bigint) =>
    overLimit(serverMessage('ramp.dailyLimitExceeded', { remaining: leftOf(RAMP_LIMITS.dailyTradeMaxCents, used) })),
};

/** The weekly limit that concerns a trade, if any: a buy paid by a weekly-limited method (ACH, instant ACH). */
export const weeklyLimitOf = (trade: { paymentMethod: string; side: 'buy' | 'sell' }): WeeklyLimitedMethod | null =>
  trade.side === WEEKLY_LIMITED_SIDE && isWeeklyLimited(trade.paymentMethod) ? trade.paymentMethod : null;

/**
 * A trade of `usdValue` cents paid by (buy) or paid out to (sell) `paymentMethod` must fit the per-trade maximum, the
 * daily total and, for a buy paid by ACH or instant ACH, that method's weekly limit: else 422 trade_limit_exceeded
 * under sellAmountTotal saying what remains. The order checks it when it consumes the quote (consume-quote.ts); the quote itself was checked
 * when made against the same rows (createQuote's one statement, quotes-repository.ts placeQuotes, built from the
 * same countedTradesSql and countedDepositsSql as the usage read here).
 */
export async function assertWithinLimits(
  q: Queryable,
  userId: string,
  now: Date,
  trade: { usdValue: bigint; paymentMethod: string; side: 'buy' | 'sell' },
): Promise<void> {
  if (trade.usdValue > RAMP_LIMITS.perTradeMaxCents) throw limitRefusal.perTrade();
  const weekly = weeklyLimitOf(trade);
  if (weekly) {
    const used = (await weeklyUsage(q, userId, weekly, now)).total;
    if (used + trade.usdValue > RAMP_LIMITS.weeklySlowMethodCents) throw limitRefusal.weekly(used);
  }
  const daily = (await dailyTradeUsage(q, userId, now)).total;
  if (daily + trade.usdValue > RAMP_LIMITS.dailyTradeMaxCents) throw limitRefusal.daily(daily);
}

/**
 * A deposit by ACH, instant ACH or card must fit its method's rolling-week limit (document 2, section 9; decisions 053
 * and 100), shared with the buys the method pays for: else 422 trade_limit_exceeded under `amount` saying what
 * remains. `alreadyCounted`: the deposit is recorded in this transaction already, so its usage includes it. Other methods have no weekly limit.
 * The caller holds the account's row lock, so two deposits (or a deposit and a buy) of one user are checked in turn.
 */
export async function assertDepositWithinLimits(
  q: Queryable,
  userId: string,
  now: Date,
  deposit: { method: TransferMethodKind; amount: bigint; alreadyCounted?: boolean },
): Promise<void> {
  const key = transferMethodByKind(deposit.method).key;
  if (!isWeeklyLimited(key)) return;
  const usage = await weeklyUsage(q, userId, key, now);
  const used = usage.total - (deposit.alreadyCounted ? deposit.amount : 0n);
  if (used + deposit.amount > RAMP_LIMITS.weeklySlowMethodCents) {
    throw overLimit(
      serverMessage('ramp.weeklyLimitExceeded', { remaining: leftOf(RAMP_LIMITS.weeklySlowMethodCents, used) }),
      'amount',
    );
  }
}
