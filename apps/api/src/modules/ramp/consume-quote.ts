import type { RampQuote } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { assertWithinLimits } from './limits';
import { findQuoteOfUser, findQuoteOfUserForUpdate, markQuoteConsumed, type QuoteRow } from './quotes-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConsumedQuote {
  quote: RampQuote;
  side: 'buy' | 'sell';
  paymentMethod: string;
  /** The trade's USD value in cents (what the limits count). */
  usdValue: bigint;
}

/**
 * Takes a quote for an order (the next session's orders call this inside the transaction that creates the order,
 * so the quote is used exactly when the order exists): the caller's own quote (another user's or an unknown id: 404
 * quote_unknown), not used before (409 quote_used), not expired at `now` (409 quote_expired; a quote is firm until
 * the instant before expiresAt), and still within the limits now that other trades may have been made since it was
 * quoted (422 trade_limit_exceeded). The row is locked, so two orders racing for one quote cannot both take it.
 */
export async function consumeQuote(
  tx: Queryable,
  userGuid: string,
  quoteId: string,
  now: Date,
): Promise<ConsumedQuote> {
  const row = UUID.test(quoteId) ? await findQuoteOfUserForUpdate(tx, userGuid, quoteId.toLowerCase()) : null;
  assertOpen(row, now);
  await assertWithinLimits(tx, userGuid, now, {
    usdValue: row.usd_value,
    paymentMethod: row.payment_method,
    side: row.side,
  });
  await markQuoteConsumed(tx, row.id, now);
  return { quote: row.view, side: row.side, paymentMethod: row.payment_method, usdValue: row.usd_value };
}

/**
 * The same refusals as consumeQuote (unknown, used, expired, over the limits now), read without a lock and without
 * taking the quote: the order's step-up (decision 027) checks them before it sends or spends the user's code on a
 * quote that cannot be taken (decision 053). Answers the quote as consumeQuote would.
 */
export async function assertQuoteOpen(
  q: Queryable,
  userGuid: string,
  quoteId: string,
  now: Date,
): Promise<ConsumedQuote> {
  const row = UUID.test(quoteId) ? await findQuoteOfUser(q, userGuid, quoteId.toLowerCase()) : null;
  assertOpen(row, now);
  await assertWithinLimits(q, userGuid, now, {
    usdValue: row.usd_value,
    paymentMethod: row.payment_method,
    side: row.side,
  });
  return { quote: row.view, side: row.side, paymentMethod: row.payment_method, usdValue: row.usd_value };
}

function assertOpen(row: QuoteRow | null, now: Date): asserts row is QuoteRow {
  if (!row) throw new AppError('quote_unknown');
  if (row.consumed_at !== null) throw new AppError('quote_used');
  if (now.getTime() >= new Date(row.expires_at).getTime()) throw new AppError('quote_expired');
}
