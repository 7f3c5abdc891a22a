import {
  rampCatalogue,
  validateAddress,
  validateMemo,
  type FeatureFlags,
  type RampAssetEntry,
} from '@rampart/contracts';

/**
 * Where quotes meet the catalogue (decision 022, helper "catalogue") and the address rules (decision 021, helper
 * "addresses"): the two lookups a trade needs, in one place, so either side can change without touching the quote.
 */

const byFlags = new WeakMap<FeatureFlags, Map<string, RampAssetEntry>>();

/** One catalogue entry by network and ticker (ticker without case) under the deployment's flags; built once per flags. */
export function tradeAsset(flags: FeatureFlags, network: string, assetTicker: string): RampAssetEntry | undefined {
  let entries = byFlags.get(flags);
  if (!entries) {
    entries = new Map(rampCatalogue(flags).map((entry) => [`${entry.network}\u0000${entry.assetTicker}`, entry]));
    byFlags.set(flags, entries);
  }
  return entries.get(`${network}\u0000${assetTicker.toUpperCase()}`);
}

/** R9: an on-chain address (and its memo or tag) checked for its network: the canonical forms, or the message per field. */
export function checkChainDestination(
  network: string,
  address: unknown,
  memo: unknown,
): { ok: true; address: string; memo: string | null } | { ok: false; field: 'address' | 'memo'; message: string } {
  const checked = validateAddress(network, address);
  if (!checked.ok) return { ok: false, field: 'address', message: checked.message };
  const memoChecked = validateMemo(network, memo);
  if (!memoChecked.ok) return { ok: false, field: 'memo', message: memoChecked.message };
  return { ok: true, address: checked.normalized, memo: memoChecked.memo?.value ?? null };
}
