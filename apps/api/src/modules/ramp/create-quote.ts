import { randomUUID } from 'node:crypto';
import {
  RAMP_DAY_MS,
  RAMP_LIMITS,
  RAMP_WEEK_MS,
  USD_BALANCE_ADDRESS,
  type RampQuote,
  type RampQuoteReply,
  type RampQuoteRequest,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { firstDifference, inFlight, idempotencyMismatch, type Json } from '../../lib/idempotency';
import { limitRefusal, weeklyLimitOf } from './limits';
import { priceTrade } from './price-trade';
import { QUOTE_RATE_WINDOW_MS, quoteRateRefusal } from './quote-rate-limit';
import type { QuotesContext } from './quotes-context';
import { findQuoteByIdem, placeQuote, type NewQuote, type PlaceOutcome, type StoredQuote } from './quotes-repository';
import { checkTrade } from './validate-trade';

const blank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';

/** The request as compared when its idemId comes again: trimmed texts, the amount as sent, idemID folded into idemId. */
function normalisedRequest(body: RampQuoteRequest, idemId: string): Json {
  const t = (value: string | null | undefined) => (blank(value) ? null : (value as string).trim());
  return {
    buyAssetTicker: t(body.buyAssetTicker),
    buyNetwork: t(body.buyNetwork),
    buyAddress: t(body.buyAddress),
    buyMemo: t(body.buyMemo),
    sellAssetTicker: t(body.sellAssetTicker),
    sellNetwork: t(body.sellNetwork),
    sellAmountTotal:
      body.sellAmountTotal === undefined || body.sellAmountTotal === null ? null : String(body.sellAmountTotal).trim(),
    sellDeliveryMethod: t(body.sellDeliveryMethod),
    sellAddress: t(body.sellAddress),
    idemId,
  };
}

function replay(row: StoredQuote, request: Json): RampQuoteReply {
  const difference = firstDifference(row.request, request);
  if (difference) throw idempotencyMismatch(difference);
  return { quote: row.view, replayed: true };
}

/**
 * `/api/ramp/quote` (docs/design-brief.md, section 5; R16; decision 023). A firm, single-use quote for the caller,
 * stored under (user, idemId): the same idemId and body give the same quote back (`replayed`, even once expired: the
 * SPA re-quotes with a new idemId); another body answers 422 idempotency_error naming the first differing field. Two
 * requests racing with one idemId both run the checks; the quote's unique (user, idemId) key lets one insert win and
 * the other waits on it and replays it.
 *
 * One way for every request (decision 077): the body is checked, priced and held to the per-trade maximum in memory
 * (checkBody), then one statement (placeQuote) reads what the database knows and stores the quote when nothing
 * refuses. The refusal order is written once, in that statement's verdict: a replay, an opened account (409), the
 * quote rate limit (429), the body's own refusal (validate-trade.ts 400/404, the price 503, the minimums 400, the
 * per-trade maximum 422), the weekly and daily limits (422); then the stored quote with `expiresAt` = now +
 * QUOTE_TTL_SECONDS. `replyTo` turns its outcome into the reply.
 */
export async function createQuote(ctx: QuotesContext, userId: string, body: RampQuoteRequest): Promise<RampQuoteReply> {
  const idemId = (blank(body.idemId) ? body.idemID : body.idemId) as string;
  const request = normalisedRequest(body, idemId);
  const now = ctx.clock.now();
  const rate = {
    ratePerMinute: ctx.quoteRateLimitPerMinute,
    rateSince: new Date(now.getTime() - QUOTE_RATE_WINDOW_MS),
  };
  const checked = await checkBody(ctx, userId, body, idemId, request, now);
  const outcome = await placeQuote(
    ctx.db,
    'refusal' in checked
      ? { refusedBody: { userId, idemId }, checks: rate }
      : {
          quote: checked.quote,
          checks: {
            ...rate,
            weeklyCap: weeklyLimitOf(checked.quote) ? RAMP_LIMITS.weeklySlowMethodCents : null,
            weekSince: new Date(now.getTime() - RAMP_WEEK_MS),
            dailyCap: RAMP_LIMITS.dailyTradeMaxCents,
            daySince: new Date(now.getTime() - RAMP_DAY_MS),
          },
        },
  );
  return replyTo(outcome, { ctx, userId, idemId, request, now, checked });
}

/** The one map from the statement's outcome to the reply: the quote, a replay, or the refusal as an AppError. */
async function replyTo(
  outcome: PlaceOutcome,
  { ctx, userId, idemId, request, now, checked }: ReplyInput,
): Promise<RampQuoteReply> {
  switch (outcome.kind) {
    case 'existing':
      return replay(outcome.row, request);
    case 'account_not_opened':
      throw new AppError('account_not_opened');
    case 'rate_limited':
      throw quoteRateRefusal(outcome.oldest, now);
    case 'body_refused':
      if (!('refusal' in checked)) throw new Error('createQuote: a body that passed its checks was reported refused');
      throw checked.refusal;
    case 'weekly_limit':
      throw limitRefusal.weekly(outcome.used);
    case 'daily_limit':
      throw limitRefusal.daily(outcome.used);
    case 'inserted':
      return { quote: outcome.row.view, replayed: false };
    case 'lost_race':
      return replayMade(ctx, userId, idemId, request);
  }
}

interface ReplyInput {
  ctx: QuotesContext;
  userId: string;
  idemId: string;
  request: Json;
  now: Date;
  checked: CheckedBody;
}

/** The quote as it would be stored, or the body's own refusal, which answers only after what the statement checks first. */
type CheckedBody = { quote: NewQuote } | { refusal: AppError };

/**
 * The body's checks, in memory (a bank method is read when named): validate-trade.ts, the price and the minimums
 * (price-trade.ts) and the per-trade maximum. Their refusals (AppError: 400, 404, 503, 422) are kept for the
 * statement's verdict to place in the order; anything else (a bug, a database failure) is thrown as it is.
 */
async function checkBody(
  ctx: QuotesContext,
  userId: string,
  body: RampQuoteRequest,
  idemId: string,
  request: Json,
  now: Date,
): Promise<CheckedBody> {
  try {
    const quote = await newQuote(ctx, userId, body, idemId, request, now);
    if (quote.usdValue > RAMP_LIMITS.perTradeMaxCents) return { refusal: limitRefusal.perTrade() };
    return { quote };
  } catch (error) {
    if (error instanceof AppError) return { refusal: error };
    throw error;
  }
}

/** The quote as it would be stored: the body checked and priced, in memory (a bank method is read when named). */
async function newQuote(
  ctx: QuotesContext,
  userId: string,
  body: RampQuoteRequest,
  idemId: string,
  request: Json,
  now: Date,
): Promise<NewQuote> {
  const trade = await checkTrade(ctx.db, ctx.flags, userId, body, { addresses: 'required' });
  const { figures, price, view: figuresView } = await priceTrade(ctx.prices, trade);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ctx.quoteTtlSeconds * 1000);
  const view: RampQuote = {
    ...figuresView,
    quoteId: id,
    idemId,
    buyAddress: trade.buyAddress ?? USD_BALANCE_ADDRESS,
    buyMemo: trade.buyMemo,
    sellAddress: trade.sellAddress,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  return {
    id,
    userId,
    idemId,
    request,
    side: trade.side,
    paymentMethod: trade.paymentMethod,
    sellAsset: trade.sell.assetTicker,
    sellNetwork: trade.sell.network,
    sellAmount: figures.sellAmount,
    buyAsset: trade.buy.assetTicker,
    buyNetwork: trade.buy.network,
    receiveAmount: figures.receiveAmount,
    methodFee: figures.methodFee,
    networkFee: figures.networkFee,
    spreadFee: figures.spreadFee,
    usdValue: figures.usdValue,
    priceBid: String(price.bid),
    priceAsk: String(price.ask),
    view,
    createdAt: now,
    expiresAt,
  };
}

/** The same idemId made meanwhile by a concurrent request (its insert won the unique key): judged against that one. */
async function replayMade(ctx: QuotesContext, userId: string, idemId: string, request: Json): Promise<RampQuoteReply> {
  const made = await findQuoteByIdem(ctx.db, userId, idemId);
  if (!made) throw inFlight();
  return replay(made, request);
}
