import { z } from 'zod';

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

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  assetsDisabledForBuyingAndTrading: ['usdc', 'usdt', 'ust', 'xlm'],
  blacklistedBanks: ['chime', 'centra credit union'],
  twoFactorRequired: true,
  assetsAddition: false,
  cryptoTrading: true,
  issuanceAndRedemption: true,
  plaidDeposits: true,
  cardDepositsThroughTrustProvider: false,
  cardDeposit: true,
  instantAch: true,
  cashTransactionHistory: true,
  socure: false,
  kycIndividual: false,
  sandboxPageInNav: false,
  // R18: Rampart ships a complete Spanish locale and the language switch.
  languageSelection: true,
  memoForStablecoins: true,
  chains: {
    ethereumZUSD: true,
    qtumQUSD: true,
    vechainVEUSD: true,
    chia: true,
    harmony: true,
    stellarUSDC: true,
    tezos: true,
    polymesh: false,
  },
};

export const BUILD_STAGES = ['development', 'sandbox', 'prod'] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];

/** GET /api/config: everything the SPA needs to know about this deployment. */
export const PublicConfig = z
  .object({
    version: z.string(),
    stage: z.enum(BUILD_STAGES),
    sandbox: z.boolean(),
    supportUrl: z.string(),
    adBlockProbeUrl: z.string().nullable(),
    flags: FeatureFlags,
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;

/** Timing and request constants of document 2, section 9, used by both sides. */
export const CLIENT_CONSTANTS = {
  snackbarAutoHideMs: 6000,
  kycLoadDelayMs: 200,
  phoneLinkDelayMs: 1000,
  kycWaitingCheckMs: 30_000,
  initialAuthCheckDelayMs: 120,
  tokenRefreshThresholdMs: 2 * 60 * 1000,
  /** R11: seconds a token is assumed to live when there is no session to read it from. */
  fallbackTokenLifetimeSeconds: 60,
  requestTimeoutMs: 80_000,
  configuredClientTimeoutMs: 5000,
  maxRetries: 3,
  retryInitialDelayMs: 500,
  retryMaxDelayMs: 3000,
  retryAfterMaxMs: 60_000,
  defaultTradeAmount: 100,
} as const;
