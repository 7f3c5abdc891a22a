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

interface Lookup {
  entries: Map<string, RampAssetEntry>;
  /** The tickers the catalogue shows on at least one network (hidden pairs left out). */
  shown: Set<string>;
}

const byFlags = new WeakMap<FeatureFlags, Lookup>();

function lookupOf(flags: FeatureFlags): Lookup {
  let lookup = byFlags.get(flags);
  if (!lookup) {
    const catalogue = rampCatalogue(flags);
    lookup = {
      entries: new Map(catalogue.map((entry) => [`${entry.network}\u0000${entry.assetTicker}`, entry])),
      shown: new Set(catalogue.filter((entry) => !entry.hidden).map((entry) => entry.assetTicker)),
    };
    byFlags.set(flags, lookup);
  }
  return lookup;
}

/** One catalogue entry by network and ticker (ticker without case) under the deployment's flags; built once per flags. */
export function tradeAsset(flags: FeatureFlags, network: string, assetTicker: string): RampAssetEntry | undefined {
  return lookupOf(flags).entries.get(`${network}\u0000${assetTicker.toUpperCase()}`);
}

/** Whether the catalogue shows the ticker (without case) on some network: then a failed lookup is the network's fault. */
export function isTickerShown(flags: FeatureFlags, assetTicker: string): boolean {
  return lookupOf(flags).shown.has(assetTicker.toUpperCase());
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
