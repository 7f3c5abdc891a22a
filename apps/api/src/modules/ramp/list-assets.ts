import { rampCatalogue, type FeatureFlags, type RampAssetsReply } from '@rampart/contracts';

/**
 * `/ramp/assets` (document 2, section 7: "response data.assets"): the catalogue under the deployment's feature
 * flags (R15; FEATURE_FLAGS overrides included, config.ts merges them). Every entry is listed, hidden and disabled
 * ones too, so the SPA can show a disabled asset with "notify me" and knows what the flags switched off.
 */
export function listAssets(flags: FeatureFlags): RampAssetsReply {
  return { data: { assets: rampCatalogue(flags) } };
}
