/** The trade routes of document 1, section 2. */
export const TRADE_PATHS = {
  buy: '/trade/buy',
  sell: '/trade/sell',
  flow: '/trade/flow',
  method: '/trade/method',
  summary: '/trade/summary',
  verify: '/trade/verify',
  complete: '/trade/complete',
  track: '/trade/track',
} as const;

/** /trade/method for one side: the methods that pay for a buy or receive a sell's dollars. */
export function methodListPath(side: 'buy' | 'sell'): string {
  return `${TRADE_PATHS.method}?side=${side}`;
}

/** /trade/method/:tradeMethod, remembering the side it was opened for. */
export function methodDetailPath(method: string, side?: 'buy' | 'sell'): string {
  return `${TRADE_PATHS.method}/${encodeURIComponent(method)}${side ? `?side=${side}` : ''}`;
}
