import { PRICE_SCALE, parsePrice } from '@rampart/contracts';
import { PriceUnavailableError, type AssetPrice, type PriceProvider } from './types';

/**
 * One row of a price table: bid and ask given, or a middle price and a spread in basis points on each side
 * (bid = price x (1 - spread), rounded down; ask = price x (1 + spread), rounded up: the platform's side).
 */
export type PriceTableEntry = { bid: string; ask: string } | { price: string; spreadBps?: number };
export type PriceTable = Readonly<Record<string, PriceTableEntry>>;

/** The spread of a table or feed row that gives only a price: 0.5% each side. */
export const DEFAULT_SPREAD_BPS = 50;

/**
 * The built-in sandbox's prices (decision 023): round figures near the market of late 2026, a 0.5% spread each side.
 * PRICE_TABLE overrides or adds rows. The stablecoins are not here: they are at par whatever a table says.
 */
export const DEFAULT_PRICE_TABLE: PriceTable = {
  BTC: { price: '60000' },
  ETH: { price: '3000' },
  XRP: { price: '0.6' },
  XLM: { price: '0.12' },
  SOL: { price: '150' },
};

/** A row as bigint bid/ask, or a reason it is unusable. */
export function scaleEntry(entry: PriceTableEntry): { bid: bigint; ask: bigint } | string {
  if ('bid' in entry) {
    const bid = parsePrice(entry.bid);
    const ask = parsePrice(entry.ask);
    if (bid === null || ask === null) return 'bid and ask must be decimal prices above 0 with at most 8 decimals';
    if (ask < bid) return 'ask must not be below bid';
    return { bid, ask };
  }
  const price = parsePrice(entry.price);
  if (price === null) return 'price must be a decimal price above 0 with at most 8 decimals';
  const bps = BigInt(entry.spreadBps ?? DEFAULT_SPREAD_BPS);
  if (bps < 0n || bps >= 10_000n) return 'spreadBps must be 0 to 9999';
  const bid = (price * (10_000n - bps)) / 10_000n;
  const ask = (price * (10_000n + bps) + 9_999n) / 10_000n;
  return bid > 0n ? { bid, ask } : 'price is too small for its spread';
}

/** Document 1, section 3's rule, applied to a bare ticker: one that contains USD is a stablecoin, at 1.00. */
export function isStablecoinTicker(assetTicker: string): boolean {
  const upper = assetTicker.toUpperCase();
  return upper !== 'USD' && upper.includes('USD');
}

export function parPrice(assetTicker: string): AssetPrice {
  return { assetTicker: assetTicker.toUpperCase(), bid: PRICE_SCALE, ask: PRICE_SCALE, source: 'par' };
}

/** The sandbox implementation: the table, stablecoins at par. Throws on a bad row at creation (config is checked at boot). */
export function createTablePriceProvider(table: PriceTable = DEFAULT_PRICE_TABLE): PriceProvider {
  const rows = new Map<string, { bid: bigint; ask: bigint }>();
  for (const [ticker, entry] of Object.entries(table)) {
    const scaled = scaleEntry(entry);
    if (typeof scaled === 'string') throw new TypeError(`Price table row ${ticker}: ${scaled}`);
    rows.set(ticker.toUpperCase(), scaled);
  }
  return {
    kind: 'table',
    async priceOf(assetTicker) {
      if (isStablecoinTicker(assetTicker)) return parPrice(assetTicker);
      const row = rows.get(assetTicker.toUpperCase());
      if (!row) throw new PriceUnavailableError(assetTicker, 'not in the price table');
      return { assetTicker: assetTicker.toUpperCase(), ...row, source: 'table' };
    },
  };
}
