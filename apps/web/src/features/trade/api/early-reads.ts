/**
 * Reads started before their page mounted (decision 042: /trade/buy's reads start right after the session check, in
 * parallel with the KYC check and the page's chunk). The page's first mount reuses them instead of reading again; any
 * later mount reads again as before (a bank linked meanwhile shows up), as does a mount long after the early read.
 */
const EARLY_READ_FRESH_MS = 30_000;
const early = new Map<string, number>();

/** Marks the queries just started early (by their hash). */
export function markEarlyReads(hashes: readonly string[]): void {
  const now = Date.now();
  for (const hash of hashes) early.set(hash, now);
}

/** Ends the early reads' reuse (the page that used them has unmounted). */
export function clearEarlyReads(): void {
  early.clear();
}

/** `refetchOnMount` for the reads a page may find started early: read again unless this is that early read. */
export function refetchUnlessEarly(query: { queryHash: string }): boolean {
  const at = early.get(query.queryHash);
  return at === undefined || Date.now() - at > EARLY_READ_FRESH_MS;
}
