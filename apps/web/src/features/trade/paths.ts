/** The trade routes of document 1, section 2. */
export const TRADE_PATHS = {
  buy: '/trade/buy',
  summary: '/trade/summary',
  verify: '/trade/verify',
  complete: '/trade/complete',
  track: '/trade/track',
} as const;
