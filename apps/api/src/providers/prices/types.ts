/**
 * The price provider (docs/design-brief.md, section 4; decision 023): market prices of the ramp's assets in USD.
 * Stablecoins are always 1.00 (document 2, section 9: "A USDS stablecoin is shown at $1.00"); other assets come from
 * a configured table (the built-in sandbox) or from an HTTP price feed. Prices are bigint at the contracts'
 * PRICE_SCALE (8 decimals), never floats.
 */
export interface AssetPrice {
  /** Upper case ('BTC'). */
  assetTicker: string;
  /** What the platform pays for one unit (a user's sell), USD at PRICE_SCALE. */
  bid: bigint;
  /** What the platform sells one unit for (a user's buy), USD at PRICE_SCALE; ask >= bid. */
  ask: bigint;
  source: 'par' | 'table' | 'feed';
}

export interface PriceProvider {
  readonly kind: 'table' | 'feed';
  /** The price of `assetTicker` now; throws PriceUnavailableError when there is none to be had. */
  priceOf(assetTicker: string): Promise<AssetPrice>;
}

/** No price can be given (the feed is down, slow, malformed or lacks the asset): the API answers 503 price_unavailable. */
export class PriceUnavailableError extends Error {
  constructor(
    readonly assetTicker: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`No price for ${assetTicker}: ${reason}`, options);
    this.name = 'PriceUnavailableError';
  }
}
