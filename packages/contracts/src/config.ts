import { z } from 'zod';
import { BUILD_STAGES } from './feature-flags';

export * from './feature-flags';
export * from './client-constants';

/** Feature flags of document 2, section 9 (R15, R18 applied). Served to the SPA by GET /api/config. */
export const FeatureFlags = z
  .object({
    assetsDisabledForBuyingAndTrading: z.array(z.string()),
    blacklistedBanks: z.array(z.string()),
    twoFactorRequired: z.boolean(),
    assetsAddition: z.boolean(),
    cryptoTrading: z.boolean(),
    issuanceAndRedemption: z.boolean(),
    plaidDeposits: z.boolean(),
    cardDepositsThroughTrustProvider: z.boolean(),
    cardDeposit: z.boolean(),
    instantAch: z.boolean(),
    cashTransactionHistory: z.boolean(),
    socure: z.boolean(),
    kycIndividual: z.boolean(),
    sandboxPageInNav: z.boolean(),
    languageSelection: z.boolean(),
    memoForStablecoins: z.boolean(),
    chains: z.record(z.string(), z.boolean()),
  })
  .meta({ id: 'FeatureFlags' });
export type FeatureFlags = z.infer<typeof FeatureFlags>;

/**
 * Document 2, section 9: "API version v1". The version of the API's contract (these schemas), apart from the
 * product's own version: served by /api/config and on every /api reply as the `api-version` header (decision 064).
 */
export const API_VERSION = 'v1' as const;
export const API_VERSION_HEADER = 'api-version';

/** GET /api/config: everything the SPA needs to know about this deployment. */
export const PublicConfig = z
  .object({
    version: z.string(),
    apiVersion: z.literal(API_VERSION),
    stage: z.enum(BUILD_STAGES),
    sandbox: z.boolean(),
    /** SUPPORT_URL, or `/support`: the app's own page naming the operator's contact (decision 059). */
    supportUrl: z.string(),
    /** SUPPORT_EMAIL: the operator's support address shown on /support; null when none is configured. */
    supportEmail: z.string().nullable().optional(),
    adBlockProbeUrl: z.string().nullable(),
    /** The wallet platform's public API key for the mini-app mode (WALLET_APP_API_KEY; decision 034). */
    walletAppApiKey: z.string().nullable().optional(),
    flags: FeatureFlags,
    /** R22: the SPA reports errors to Sentry with this DSN (SENTRY_DSN); absent, to POST /api/client-errors. */
    sentryDsn: z.string().optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;
