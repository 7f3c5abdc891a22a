import type { FeatureFlags } from '@rampart/contracts';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { PriceProvider } from '../../providers/prices';

/** What the quote, estimate and limits use cases work with (decision 023). */
export interface QuotesContext {
  db: Db;
  clock: Clock;
  prices: PriceProvider;
  flags: FeatureFlags;
  /** How long a quote is firm (QUOTE_TTL_SECONDS). */
  quoteTtlSeconds: number;
  /** Quotes per user per rolling minute (QUOTE_RATE_LIMIT_PER_MINUTE); 0 = no limit. */
  quoteRateLimitPerMinute: number;
}
