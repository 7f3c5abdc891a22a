import { RAMP_QUOTE_MESSAGES } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { nthNewestQuoteSince } from './quotes-repository';

export const QUOTE_RATE_WINDOW_MS = 60_000;

/**
 * The rate limit on quotes (docs/design-brief.md, section 6; decision 023), per user (as identity's attempts.ts
 * counts per account): at most `perMinute` quotes made in the last minute, counted from the stored quotes themselves
 * (no extra write per quote; a replayed idemId makes no new quote and costs nothing). Over it: 429 rate_limited with
 * Retry-After, the seconds until the oldest counted quote leaves the window. Concurrent requests can pass the count
 * together by a few: the limit is against floods, not an exact quota. 0 switches it off.
 */
export async function assertQuoteRate(q: Queryable, userId: string, now: Date, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  const oldest = await nthNewestQuoteSince(q, userId, new Date(now.getTime() - QUOTE_RATE_WINDOW_MS), perMinute);
  if (oldest) throw quoteRateRefusal(oldest, now);
}

/** 429 rate_limited with Retry-After: the seconds until `oldest`, the oldest counted quote, leaves the window. */
export function quoteRateRefusal(oldest: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((new Date(oldest).getTime() + QUOTE_RATE_WINDOW_MS - now.getTime()) / 1000));
  return new AppError('rate_limited', {
    message: RAMP_QUOTE_MESSAGES.tooManyQuotes,
    headers: { 'retry-after': String(seconds) },
  });
}
