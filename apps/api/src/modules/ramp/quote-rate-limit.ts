import { RAMP_QUOTE_MESSAGES } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';

/**
 * The rate limit on quotes (docs/design-brief.md, section 6; decision 023), per user (as identity's attempts.ts
 * counts per account): at most QUOTE_RATE_LIMIT_PER_MINUTE quotes made in the last minute, counted from the stored
 * quotes themselves by the statement that stores a quote (quotes-repository.ts placeQuotes; no extra write per quote;
 * a replayed idemId makes no new quote and costs nothing). Over it: 429 rate_limited with Retry-After, the seconds
 * until the oldest counted quote leaves the window. Concurrent requests can pass the count together by a few: the
 * limit is against floods, not an exact quota. 0 switches it off.
 */
export const QUOTE_RATE_WINDOW_MS = 60_000;

/** 429 rate_limited with Retry-After: the seconds until `oldest`, the oldest counted quote, leaves the window. */
export function quoteRateRefusal(oldest: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((new Date(oldest).getTime() + QUOTE_RATE_WINDOW_MS - now.getTime()) / 1000));
  return new AppError('rate_limited', {
    message: RAMP_QUOTE_MESSAGES.tooManyQuotes,
    headers: { 'retry-after': String(seconds) },
  });
}
