import type { Config } from '../../config';
import { createHttpFeedPriceProvider } from './http-feed';
import { createTablePriceProvider } from './table';
import type { PriceProvider } from './types';

export { PriceUnavailableError, type AssetPrice, type PriceProvider } from './types';
export {
  createTablePriceProvider,
  DEFAULT_PRICE_TABLE,
  isStablecoinTicker,
  type PriceTable,
  type PriceTableEntry,
} from './table';
export { createHttpFeedPriceProvider } from './http-feed';

/** The process's price provider: the HTTP feed when PRICE_FEED_URL is set, else the table (PRICE_TABLE over the default). */
export function createPriceProvider(config: Pick<Config, 'prices'>): PriceProvider {
  const { prices } = config;
  if (prices.feedUrl)
    return createHttpFeedPriceProvider({
      url: prices.feedUrl,
      timeoutMs: prices.feedTimeoutMs,
      maxAgeMs: prices.feedMaxAgeSeconds * 1000,
    });
  return createTablePriceProvider(prices.table);
}
