import type { FeatureFlags } from './config';
import {
  TRANSFER_METHODS,
  TRANSFER_METHOD_KEYS,
  type TransferMethodKey,
  type TransferMethodTicker,
} from './transfer-methods';

/**
 * The ramp's catalogue of networks and assets (document 1, section 3 "Asset"; document 2, section 9; R13,
 * R14, R15; decision 022): what `/api/ramp/assets` lists, what quotes and orders accept. Plain constants and pure
 * functions, no zod (only `import type` from config.ts): the SPA's trade pages read them without the schema library.
 *
 * Three kinds of entries, each keyed by network + ticker (`xrplUSDS`, `primex_achUSD`):
 * - the 18 stablecoin pairs of document 2's display order (stellarUSDC first);
 * - crypto assets Rampart adds (R15: "crypto assets of your choosing");
 * - the USD payment methods (network = the payment method key of document 1, section 3, ticker USD): what
 *   document 2, section 5 calls "a listed method enabled for from-asset", each enabled per direction (R13).
 */

// ---------------------------------------------------------------------------------------------------------------
// Feature interest ("notify me", document 2, section 9; R15)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Document 2's six types, and 'crypto' for a disabled crypto asset (stellarXLM): 'stablecoin' would tell the
 * operators a stablecoin is wanted (decision 064).
 */
export const FEATURE_INTEREST_TYPES = [
  'card',
  'instant-ach-plaid',
  'ach-plaid',
  'international-wire',
  'domestic-wire',
  'stablecoin',
  'crypto',
] as const;
export type FeatureInterestType = (typeof FEATURE_INTEREST_TYPES)[number];
/** The types that name an asset (network + ticker); the method types name nothing more. */
export const ASSET_INTEREST_TYPES = ['stablecoin', 'crypto'] as const satisfies readonly FeatureInterestType[];
export type AssetInterestType = (typeof ASSET_INTEREST_TYPES)[number];

export function isAssetInterestType(type: FeatureInterestType): type is AssetInterestType {
  return (ASSET_INTEREST_TYPES as readonly string[]).includes(type);
}

/** What "notify me" records for an asset of a section: its own kind (a stablecoin or a crypto asset). */
export function assetInterestTypeOf(section: AssetSection): AssetInterestType {
  return section === 'crypto_currency' ? 'crypto' : 'stablecoin';
}

// ---------------------------------------------------------------------------------------------------------------
// Sections (document 1, section 3; document 2, section 9)
// ---------------------------------------------------------------------------------------------------------------

export const ASSET_SECTIONS = {
  fiat: { label: 'Payment Methods', priority: 1000 },
  stable_coin: { label: 'Stablecoins', priority: 500 },
  crypto_currency: { label: 'Cryptocurrencies', priority: 100 },
  other: { label: 'Other', priority: 50 },
} as const;
export type AssetSection = keyof typeof ASSET_SECTIONS;

/** The fiat networks: the payment method keys ("all count as fiat", document 1, section 3). */
export const FIAT_NETWORKS: readonly TransferMethodKey[] = TRANSFER_METHOD_KEYS;
export const FIAT_TICKER = 'USD';

export function isFiatNetwork(network: string): boolean {
  return (FIAT_NETWORKS as readonly string[]).includes(network);
}

/**
 * Document 1, section 3: fiat networks are 'Payment Methods'; "a non-fiat network whose ticker contains USD is a
 * stablecoin; everything else is crypto". 'other' is left for an entry with no ticker at all.
 */
export function assetSectionOf(network: string, assetTicker: string): AssetSection {
  if (isFiatNetwork(network)) return 'fiat';
  if (assetTicker.trim() === '') return 'other';
  return assetTicker.toUpperCase().includes('USD') ? 'stable_coin' : 'crypto_currency';
}

/** The key of a pair or method: network + ticker, as document 2 spells the display order ('stellarUSDC'). */
export function rampAssetKey(network: string, assetTicker: string): string {
  return `${network}${assetTicker}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Icons: generated monograms, no third-party artwork (as R17 rules for bank logos)
// ---------------------------------------------------------------------------------------------------------------

export interface MonogramIcon {
  readonly monogram: string;
  /** Dark enough for white letters (WCAG AA for large text). */
  readonly color: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/**
 * A monogram as an SVG data URI (the SPA's `<img src>`; the Content-Security-Policy allows `data:` images): white
 * letters on a coloured disc. The same for network icons and for bank logos in payment-method options.
 */
export function monogramSvgDataUri(icon: MonogramIcon): string {
  const letters = escapeXml(icon.monogram.slice(0, 3));
  const size = letters.length >= 3 ? 22 : 26;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    // A white ring round the coloured disc: its edge keeps 3:1 against a dark page too (docs/decisions/055).
    `<circle cx="32" cy="32" r="30" fill="${escapeXml(icon.color)}" stroke="#ffffff" stroke-width="4"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${letters}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Networks
// ---------------------------------------------------------------------------------------------------------------

export interface RampNetwork {
  readonly id: string;
  readonly displayName: string;
  readonly icon: MonogramIcon;
  /** How long an on-chain transfer takes to be final, as the SPA shows it (document 1's Asset.settlementTime). */
  readonly settlementTime: string;
}

function network(
  id: string,
  displayName: string,
  monogram: string,
  color: string,
  settlementTime: string,
): RampNetwork {
  return { id, displayName, icon: { monogram, color }, settlementTime };
}

/** The chains of the stablecoin display order, plus bitcoin and solana's natives for the crypto assets. */
export const RAMP_NETWORKS = {
  stellar: network('stellar', 'Stellar', 'ST', '#1e293b', 'Instant'),
  solana: network('solana', 'Solana', 'SO', '#7c3aed', 'Instant'),
  avalanche: network('avalanche', 'Avalanche', 'AV', '#b91c1c', 'Instant'),
  ethereum: network('ethereum', 'Ethereum', 'ET', '#4338ca', '5 minutes'),
  xrpl: network('xrpl', 'XRP Ledger', 'XR', '#0f172a', 'Instant'),
  vechain: network('vechain', 'VeChain', 'VE', '#0369a1', '1 minute'),
  harmony: network('harmony', 'Harmony', 'HA', '#0f766e', 'Instant'),
  icon: network('icon', 'ICON', 'IC', '#047857', 'Instant'),
  chia: network('chia', 'Chia', 'CH', '#15803d', '5 minutes'),
  polymesh: network('polymesh', 'Polymesh', 'PO', '#be185d', '1 minute'),
  binancechain: network('binancechain', 'BNB Beacon Chain', 'BN', '#a16207', 'Instant'),
  tezos: network('tezos', 'Tezos', 'TZ', '#1d4ed8', '5 minutes'),
  qtum: network('qtum', 'Qtum', 'QT', '#1e40af', '15 minutes'),
  bitcoin: network('bitcoin', 'Bitcoin', 'BT', '#c2410c', '1 hour'),
} as const satisfies Record<string, RampNetwork>;
export type RampNetworkId = keyof typeof RAMP_NETWORKS;

export function isRampNetworkId(value: unknown): value is RampNetworkId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RAMP_NETWORKS, value);
}

/** The payment methods as networks (fiat): their names and monograms, on the brand's slate. */
const FIAT_NETWORK_ICONS: { readonly [K in TransferMethodKey]: MonogramIcon } = {
  primex_ach: { monogram: 'ACH', color: '#334155' },
  primex_instant_ach: { monogram: 'IA', color: '#334155' },
  primex_card: { monogram: 'DC', color: '#334155' },
  primex_fedwire: { monogram: 'USW', color: '#334155' },
  primex_swift_wire: { monogram: 'IW', color: '#334155' },
  primex_usd: { monogram: '$', color: '#6d28d9' },
};

// ---------------------------------------------------------------------------------------------------------------
// Assets (per ticker: the ledger holds a ticker whatever chain it came by, so decimals are the ticker's)
// ---------------------------------------------------------------------------------------------------------------

export interface RampTicker {
  readonly assetTicker: string;
  readonly name: string;
  /** The unit as written after an amount ('VeUSD'): what the SPA shows as the ticker's display name. */
  readonly unitName: string;
  readonly decimals: number;
  /** R14: the smallest on-chain deposit accepted for a sell, a decimal string in the asset's units. */
  readonly minimumDeposit: string;
}

function ticker(
  assetTicker: string,
  name: string,
  unitName: string,
  decimals: number,
  minimumDeposit: string,
): RampTicker {
  return { assetTicker, name, unitName, decimals, minimumDeposit };
}

/** Stablecoins have 6 decimals everywhere here (USDC's), a 10-unit minimum; the crypto minimums are ~$10-20. */
export const RAMP_TICKERS = {
  USDC: ticker('USDC', 'USD Coin', 'USDC', 6, '10'),
  USDT: ticker('USDT', 'Tether USD', 'USDT', 6, '10'),
  USDS: ticker('USDS', 'Stably USD', 'USDS', 6, '10'),
  VEUSD: ticker('VEUSD', 'VeUSD', 'VeUSD', 6, '10'),
  QUSD: ticker('QUSD', 'QCash USD', 'QUSD', 6, '10'),
  ZUSD: ticker('ZUSD', 'Z.com USD', 'ZUSD', 6, '10'),
  BTC: ticker('BTC', 'Bitcoin', 'BTC', 8, '0.0002'),
  // Counted in gwei (nine decimals), not wei: an amount of wei overflows the ledger's bigint beyond 9.22 ETH
  // (docs/decisions/093-ether-in-gwei.md).
  ETH: ticker('ETH', 'Ether', 'ETH', 9, '0.005'),
  XRP: ticker('XRP', 'XRP', 'XRP', 6, '20'),
  XLM: ticker('XLM', 'Stellar Lumens', 'XLM', 7, '50'),
  SOL: ticker('SOL', 'Solana', 'SOL', 9, '0.1'),
} as const satisfies Record<string, RampTicker>;
export type RampTickerCode = keyof typeof RAMP_TICKERS;

export interface RampPairDefinition {
  readonly key: string;
  readonly network: RampNetworkId;
  readonly assetTicker: RampTickerCode;
}

function pair(networkId: RampNetworkId, assetTicker: RampTickerCode): RampPairDefinition {
  return { key: rampAssetKey(networkId, assetTicker), network: networkId, assetTicker };
}

/**
 * Document 2, section 9's stablecoin display order, "stellarUSDC is moved to the front" (it is already first).
 * The ticker is the pair key after the network name.
 */
export const STABLECOIN_DISPLAY_ORDER: readonly RampPairDefinition[] = [
  pair('stellar', 'USDC'),
  pair('solana', 'USDC'),
  pair('avalanche', 'USDC'),
  pair('ethereum', 'USDC'),
  pair('xrpl', 'USDS'),
  pair('vechain', 'VEUSD'),
  pair('ethereum', 'USDT'),
  pair('stellar', 'USDS'),
  pair('harmony', 'USDS'),
  pair('ethereum', 'USDS'),
  pair('icon', 'USDS'),
  pair('chia', 'USDS'),
  pair('polymesh', 'USDS'),
  pair('ethereum', 'QUSD'),
  pair('ethereum', 'ZUSD'),
  pair('binancechain', 'USDS'),
  pair('tezos', 'USDS'),
  pair('qtum', 'QUSD'),
];

/** R15: the crypto assets Rampart adds, each on its native chain. XLM is in the flag's disabled list. */
export const CRYPTO_ASSETS: readonly RampPairDefinition[] = [
  pair('bitcoin', 'BTC'),
  pair('ethereum', 'ETH'),
  pair('xrpl', 'XRP'),
  pair('stellar', 'XLM'),
  pair('solana', 'SOL'),
];

/**
 * R13 and document 2, section 5: methods per direction for trades. From (what the user pays with): ACH, USD
 * balance, instant ACH. To (where the user is paid): ACH and USD balance. Card and both wires: neither.
 */
export const TRADE_METHODS: {
  readonly [K in TransferMethodKey]: {
    readonly from: boolean;
    readonly to: boolean;
    readonly interest: FeatureInterestType | null;
  };
} = {
  primex_ach: { from: true, to: true, interest: 'ach-plaid' },
  primex_instant_ach: { from: true, to: false, interest: 'instant-ach-plaid' },
  primex_card: { from: false, to: false, interest: 'card' },
  primex_fedwire: { from: false, to: false, interest: 'domestic-wire' },
  primex_swift_wire: { from: false, to: false, interest: 'international-wire' },
  primex_usd: { from: true, to: true, interest: null },
};

// ---------------------------------------------------------------------------------------------------------------
// The catalogue as served (document 1's Asset fields, plus what the selectors and R14 need)
// ---------------------------------------------------------------------------------------------------------------

export interface RampAssetEntry {
  /** network + ticker ('xrplUSDS', 'primex_achUSD'). */
  readonly key: string;
  readonly network: string;
  readonly assetTicker: string;
  readonly name: string;
  readonly unitName: string;
  readonly decimals: number;
  /** Shown but cannot be chosen (R15: the flag's "disabled for buying and trading"; methods disabled for trades). */
  readonly disabled: boolean;
  /** Not offered at all: its chain flag is off (Polymesh). */
  readonly hidden: boolean;
  readonly settlementTime: string;
  readonly networkDisplayName: string;
  /** A generated monogram, SVG data URI. */
  readonly networkIcon: string;
  readonly section: AssetSection;
  /** Can be what the user gives (the sell side of a trade). */
  readonly fromAssetEnabled: boolean;
  /** Can be what the user gets (the buy side of a trade). */
  readonly toAssetEnabled: boolean;
  /** R14: decimal string in the asset's units; null for payment methods (no on-chain deposit). */
  readonly minimumDeposit: string | null;
  /** What "notify me" records for it (R15); null when there is nothing to wait for. */
  readonly featureInterestType: FeatureInterestType | null;
  /** A payment method's ticker (document 1, section 3: ACH_PLAID, PRIMEX, ...); null for an asset. */
  readonly methodTicker: TransferMethodTicker | null;
}

export type RampCatalogueFlags = Pick<
  FeatureFlags,
  | 'assetsDisabledForBuyingAndTrading'
  | 'chains'
  | 'cryptoTrading'
  | 'instantAch'
  | 'issuanceAndRedemption'
  | 'plaidDeposits'
>;

/**
 * R15: a pair is off (hidden) when its chain flag says false, looked up by the pair key ('ethereumZUSD',
 * 'stellarUSDC') or by the network ('polymesh', 'chia'); chains the flags do not list are on.
 */
export function isPairSwitchedOn(flags: Pick<FeatureFlags, 'chains'>, networkId: string, assetTicker: string): boolean {
  const chains = flags.chains;
  const byPair = chains[rampAssetKey(networkId, assetTicker)];
  if (byPair === false) return false;
  return chains[networkId] !== false;
}

/** R15: the tickers "disabled for buying and trading" (compared without case: the flag lists 'usdc'). */
export function isTickerDisabled(
  flags: Pick<FeatureFlags, 'assetsDisabledForBuyingAndTrading'>,
  assetTicker: string,
): boolean {
  const ticker = assetTicker.toLowerCase();
  return flags.assetsDisabledForBuyingAndTrading.some((t) => t.trim().toLowerCase() === ticker);
}

function chainEntry(definition: RampPairDefinition, flags: RampCatalogueFlags): RampAssetEntry {
  const net = RAMP_NETWORKS[definition.network];
  const asset = RAMP_TICKERS[definition.assetTicker];
  const section = assetSectionOf(net.id, asset.assetTicker);
  const hidden = !isPairSwitchedOn(flags, net.id, asset.assetTicker);
  // "crypto trading" false switches off every non-stablecoin asset, as the flag's name says; "issuance and
  // redemption" false every stablecoin (buying one is its issuance, selling it its redemption; decision 061).
  const disabled =
    hidden ||
    isTickerDisabled(flags, asset.assetTicker) ||
    (section === 'crypto_currency' && !flags.cryptoTrading) ||
    (section === 'stable_coin' && !flags.issuanceAndRedemption);
  return {
    key: definition.key,
    network: net.id,
    assetTicker: asset.assetTicker,
    name: asset.name,
    unitName: asset.unitName,
    decimals: asset.decimals,
    disabled,
    hidden,
    settlementTime: net.settlementTime,
    networkDisplayName: net.displayName,
    networkIcon: monogramSvgDataUri(net.icon),
    section,
    fromAssetEnabled: !disabled,
    toAssetEnabled: !disabled,
    minimumDeposit: asset.minimumDeposit,
    featureInterestType: disabled ? assetInterestTypeOf(section) : null,
    methodTicker: null,
  };
}

function methodEntry(key: TransferMethodKey, flags: RampCatalogueFlags): RampAssetEntry {
  const method = TRANSFER_METHODS[key];
  const trade = TRADE_METHODS[key];
  // The "instant ACH" flag switches instant ACH off everywhere, trades included. "Plaid deposits" false stops every
  // pull from a linked bank: paying for a buy by ACH or instant ACH is one (payouts to the bank stay; decision 061).
  const switchedOn = key !== 'primex_instant_ach' || flags.instantAch;
  const pullsFromBank = key === 'primex_ach' || key === 'primex_instant_ach';
  const from = trade.from && switchedOn && (!pullsFromBank || flags.plaidDeposits);
  const to = trade.to && switchedOn;
  const disabled = !from && !to;
  return {
    key: rampAssetKey(key, FIAT_TICKER),
    network: key,
    assetTicker: FIAT_TICKER,
    name: method.label,
    unitName: FIAT_TICKER,
    decimals: 2,
    disabled,
    hidden: false,
    settlementTime: method.settlementDescription,
    networkDisplayName: method.label,
    networkIcon: monogramSvgDataUri(FIAT_NETWORK_ICONS[key]),
    section: 'fiat',
    fromAssetEnabled: from,
    toAssetEnabled: to,
    minimumDeposit: null,
    featureInterestType: disabled ? trade.interest : null,
    methodTicker: method.ticker,
  };
}

/**
 * The catalogue under the deployment's feature flags: stablecoins in display order, then the crypto assets, then the
 * USD payment methods. Every entry is listed; `hidden` and `disabled` say what the SPA may offer.
 */
export function rampCatalogue(flags: RampCatalogueFlags): RampAssetEntry[] {
  return [
    ...STABLECOIN_DISPLAY_ORDER.map((d) => chainEntry(d, flags)),
    ...CRYPTO_ASSETS.map((d) => chainEntry(d, flags)),
    ...TRANSFER_METHOD_KEYS.map((k) => methodEntry(k, flags)),
  ];
}

/**
 * "Memo for stablecoins" false: a stablecoin is sent to the address alone, with no memo or destination tag, on every
 * network (buys and holdings withdrawals; decision 061). Other assets keep their network's memo rule.
 */
export function isMemoSwitchedOff(
  flags: Pick<FeatureFlags, 'memoForStablecoins'>,
  entry: Pick<RampAssetEntry, 'section'>,
): boolean {
  return entry.section === 'stable_coin' && !flags.memoForStablecoins;
}

/** One entry of the catalogue by network and ticker (ticker without case), or undefined. */
export function findRampAsset(
  flags: RampCatalogueFlags,
  networkId: string,
  assetTicker: string,
): RampAssetEntry | undefined {
  const upper = assetTicker.toUpperCase();
  return rampCatalogue(flags).find((a) => a.network === networkId && a.assetTicker === upper);
}
