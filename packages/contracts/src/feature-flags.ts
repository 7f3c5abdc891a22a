import type { FeatureFlags } from './config';

// Plain constants, no zod: the SPA's first chunk imports these without pulling in the schema library.

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
