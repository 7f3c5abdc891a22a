import { z } from 'zod';

/** One asset of the custodial account, amounts as decimal strings in the asset's own decimals. */
export const HoldingsAsset = z
  .object({
    assetTicker: z.string(),
    /** The sum of the ledger's postings. */
    settled: z.string(),
    /** Reserved by pending outflows (holds). */
    held: z.string(),
    /** settled - held: what the user can spend or withdraw. */
    available: z.string(),
  })
  .meta({ id: 'HoldingsAsset' });
export type HoldingsAsset = z.infer<typeof HoldingsAsset>;

/**
 * `/primetrust-accounts-view`: the user's holdings (R14). The top-level amounts are the USD balance; `available` is
 * the field the SPA reads (document 2, section 7). `assets` lists every other asset the ledger knows, zeros included.
 * A user whose custodial account is not opened gets zeros (decision 014).
 */
export const HoldingsReply = z
  .object({
    available: z.string(),
    settled: z.string(),
    held: z.string(),
    assets: z.array(HoldingsAsset),
  })
  .meta({ id: 'HoldingsReply' });
export type HoldingsReply = z.infer<typeof HoldingsReply>;
