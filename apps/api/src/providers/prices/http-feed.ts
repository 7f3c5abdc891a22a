import { z } from 'zod';
import { isStablecoinTicker, parPrice, scaleEntry, type PriceTableEntry } from './table';
import { PriceUnavailableError, type AssetPrice, type PriceProvider } from './types';

/**
 * The HTTP price feed adapter (decision 023). PRICE_FEED_URL answers GET with JSON:
 *   { "prices": { "BTC": { "bid": "59950.10", "ask": "60050.00" }, "ETH": { "price": "3000.5" }, ... } }
 * Prices are decimal strings (numbers are taken as their decimal text); a row with only `price` gets the default
 * spread. A feed that does not answer within the timeout, answers other than 200, or is not this JSON makes every
 * non-stablecoin price unavailable (the API answers 503 price_unavailable): a quote is never made from a guess.
 * A good feed is kept for `maxAgeMs` (quotes in a burst share one fetch; concurrent misses share one request).
 */
const Price = z
  .union([z.string(), z.number().finite().positive()])
  .transform((v) => (typeof v === 'number' ? String(v) : v));
const FeedRow = z.union([
  z.object({ bid: Price, ask: Price }),
  z.object({ price: Price, spreadBps: z.number().int().min(0).max(9_999).optional() }),
]);
const Feed = z.object({ prices: z.record(z.string(), FeedRow) });

export interface HttpFeedOptions {
  url: string;
  timeoutMs: number;
  maxAgeMs: number;
  now?: () => number;
  fetch?: typeof fetch;
}

type Snapshot = Map<string, { bid: bigint; ask: bigint }>;

export function createHttpFeedPriceProvider(options: HttpFeedOptions): PriceProvider {
  const now = options.now ?? Date.now;
  const fetchFn = options.fetch ?? fetch;
  let cached: { at: number; rows: Snapshot } | null = null;
  let pending: Promise<Snapshot> | null = null;

  async function load(): Promise<Snapshot> {
    let response: Response;
    try {
      response = await fetchFn(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PriceUnavailableError(
        '*',
        timedOut ? `the price feed did not answer within ${options.timeoutMs} ms` : 'the price feed cannot be reached',
        { cause: error },
      );
    }
    let body: unknown;
    try {
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      body = await response.json();
    } catch (error) {
      // Reading the body can also time out (the signal covers it) or be cut off: all the same to the caller.
      throw new PriceUnavailableError(
        '*',
        `the price feed answered unusably (${error instanceof Error ? error.message : 'unreadable'})`,
        { cause: error },
      );
    }
    const parsed = Feed.safeParse(body);
    if (!parsed.success) throw new PriceUnavailableError('*', 'the price feed is not in the expected format');
    const rows: Snapshot = new Map();
    for (const [ticker, row] of Object.entries(parsed.data.prices)) {
      const scaled = scaleEntry(row as PriceTableEntry);
      // One bad row does not spoil the others; that asset simply has no price.
      if (typeof scaled !== 'string') rows.set(ticker.toUpperCase(), scaled);
    }
    return rows;
  }

  async function snapshot(): Promise<Snapshot> {
    if (cached && now() - cached.at < options.maxAgeMs) return cached.rows;
    pending ??= load()
      .then((rows) => {
        cached = { at: now(), rows };
        return rows;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    kind: 'feed',
    async priceOf(assetTicker): Promise<AssetPrice> {
      if (isStablecoinTicker(assetTicker)) return parPrice(assetTicker);
      let rows: Snapshot;
      try {
        rows = await snapshot();
      } catch (error) {
        if (error instanceof PriceUnavailableError)
          throw new PriceUnavailableError(assetTicker, error.reason, { cause: error });
        throw error;
      }
      const row = rows.get(assetTicker.toUpperCase());
      if (!row) throw new PriceUnavailableError(assetTicker, 'not in the price feed');
      return { assetTicker: assetTicker.toUpperCase(), ...row, source: 'feed' };
    },
  };
}
