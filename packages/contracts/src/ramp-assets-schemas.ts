import { z } from 'zod';
import { ASSET_INTEREST_TYPES, ASSET_SECTIONS, FEATURE_INTEREST_TYPES, type AssetSection } from './ramp-assets';
import { TRANSFER_METHOD_TICKERS } from './transfer-methods';

/**
 * `/api/ramp/assets` and `/api/feature-interest` (document 2, sections 7 and 9; R15; decision 022):
 * bodies and replies, shared by the API and the SPA. The catalogue itself is zod-free (ramp-assets.ts).
 */

const SECTIONS = Object.keys(ASSET_SECTIONS) as [AssetSection, ...AssetSection[]];

/** Document 1, section 3's Asset fields, plus the network's name and icon, directions and R14's minimum deposit. */
export const RampAsset = z
  .object({
    key: z.string(),
    network: z.string(),
    assetTicker: z.string(),
    name: z.string(),
    unitName: z.string(),
    decimals: z.number().int().min(0),
    disabled: z.boolean(),
    hidden: z.boolean(),
    settlementTime: z.string(),
    networkDisplayName: z.string(),
    networkIcon: z.string(),
    section: z.enum(SECTIONS),
    fromAssetEnabled: z.boolean(),
    toAssetEnabled: z.boolean(),
    minimumDeposit: z.string().nullable(),
    featureInterestType: z.enum(FEATURE_INTEREST_TYPES).nullable(),
    methodTicker: z.enum(TRANSFER_METHOD_TICKERS).nullable(),
  })
  .meta({ id: 'RampAsset' });
export type RampAsset = z.infer<typeof RampAsset>;

/** Document 2, section 7: "response data.assets". */
export const RampAssetsReply = z
  .object({ data: z.object({ assets: z.array(RampAsset) }) })
  .meta({ id: 'RampAssetsReply' });
export type RampAssetsReply = z.infer<typeof RampAssetsReply>;

const Network = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/);
const Ticker = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9]+$/);

/**
 * "Notify me" (R15): a method type alone, or an asset type (`stablecoin`, or `crypto` for a crypto asset, decision
 * 064) with the asset's network and ticker. Extra fields are refused, so a method type never carries an asset.
 */
export const FeatureInterestRequest = z
  .discriminatedUnion('type', [
    z.object({ type: z.enum(ASSET_INTEREST_TYPES), network: Network, assetTicker: Ticker }).strict(),
    z.object({ type: z.enum(FEATURE_INTEREST_TYPES).exclude([...ASSET_INTEREST_TYPES]) }).strict(),
  ])
  .meta({ id: 'FeatureInterestRequest' });
export type FeatureInterestRequest = z.infer<typeof FeatureInterestRequest>;

export const FeatureInterest = z.object({
  type: z.enum(FEATURE_INTEREST_TYPES),
  /** The asset's network and ticker for an asset type; null for a method. */
  network: z.string().nullable(),
  assetTicker: z.string().nullable(),
  createdAt: z.string(),
});
export type FeatureInterest = z.infer<typeof FeatureInterest>;

/** `created` is false when the same interest was already recorded (the request is idempotent). */
export const FeatureInterestReply = z
  .object({ interest: FeatureInterest, created: z.boolean() })
  .meta({ id: 'FeatureInterestReply' });
export type FeatureInterestReply = z.infer<typeof FeatureInterestReply>;

/** The caller's recorded interests, so the SPA shows "We'll let you know" instead of the button. */
export const FeatureInterestListReply = z
  .object({ interests: z.array(FeatureInterest) })
  .meta({ id: 'FeatureInterestListReply' });
export type FeatureInterestListReply = z.infer<typeof FeatureInterestListReply>;
