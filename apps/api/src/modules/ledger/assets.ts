/**
 * The assets the ledger knows and their decimals (minor units per unit = 10^decimals). Migration 0007 seeds the
 * USD and USDC into ledger_assets, 0014 the ramp catalogue's, 0032 AVAX and ONE, 0033 ETH in gwei;
 * the integration test compares the two.
 */
export const LEDGER_ASSETS = {
  USD: { decimals: 2 },
  USDC: { decimals: 6 },
  // Migration 0014: the ramp catalogue's other tickers (RAMP_TICKERS' decimals; a contracts test compares them).
  USDS: { decimals: 6 },
  USDT: { decimals: 6 },
  VEUSD: { decimals: 6 },
  QUSD: { decimals: 6 },
  ZUSD: { decimals: 6 },
  BTC: { decimals: 8 },
  // Gwei since migration 0033 (docs/decisions/093-ether-in-gwei.md): wei would overflow a bigint beyond 9.22 ETH.
  ETH: { decimals: 9 },
  XRP: { decimals: 6 },
  XLM: { decimals: 7 },
  SOL: { decimals: 9 },
  // Migration 0032: the native coins of Avalanche and Harmony, in which the EVM sweeps' gas is recorded; in gwei
  // since 0033.
  AVAX: { decimals: 9 },
  ONE: { decimals: 9 },
} as const satisfies Record<string, { decimals: number }>;

export type AssetCode = keyof typeof LEDGER_ASSETS;

/**
 * Balances list these assets always (zero when empty), and any other asset only once the user has held it: the
 * holdings view stays the short list it was before migration 0014 added the catalogue's tickers.
 */
export const ALWAYS_LISTED_ASSETS: readonly AssetCode[] = ['USD', 'USDC'];

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LEDGER_ASSETS, value);
}

export function assetDecimals(asset: AssetCode): number {
  return LEDGER_ASSETS[asset].decimals;
}
