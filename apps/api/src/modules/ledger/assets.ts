/**
 * The assets the ledger knows and their decimals (minor units per unit = 10^decimals). Migration 0007 seeds the
 * same rows into ledger_assets; the integration test compares the two.
 */
export const LEDGER_ASSETS = {
  USD: { decimals: 2 },
  USDC: { decimals: 6 },
} as const satisfies Record<string, { decimals: number }>;

export type AssetCode = keyof typeof LEDGER_ASSETS;

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LEDGER_ASSETS, value);
}

export function assetDecimals(asset: AssetCode): number {
  return LEDGER_ASSETS[asset].decimals;
}
