import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from './feature-flags';
import {
  ASSET_SECTIONS,
  STABLECOIN_DISPLAY_ORDER,
  assetSectionOf,
  findRampAsset,
  isPairSwitchedOn,
  monogramSvgDataUri,
  rampCatalogue,
  type RampCatalogueFlags,
} from './ramp-assets';
import { FeatureInterestRequest, RampAssetsReply } from './ramp-assets-schemas';

const flags: RampCatalogueFlags = DEFAULT_FEATURE_FLAGS;

describe('ramp catalogue (document 2, section 9; R13, R14, R15)', () => {
  it('lists the 18 stablecoin pairs in display order, stellarUSDC first', () => {
    expect(STABLECOIN_DISPLAY_ORDER.map((p) => p.key)).toEqual([
      'stellarUSDC',
      'solanaUSDC',
      'avalancheUSDC',
      'ethereumUSDC',
      'xrplUSDS',
      'vechainVEUSD',
      'ethereumUSDT',
      'stellarUSDS',
      'harmonyUSDS',
      'ethereumUSDS',
      'iconUSDS',
      'chiaUSDS',
      'polymeshUSDS',
      'ethereumQUSD',
      'ethereumZUSD',
      'binancechainUSDS',
      'tezosUSDS',
      'qtumQUSD',
    ]);
    expect(
      rampCatalogue(flags)
        .slice(0, 18)
        .map((a) => a.key),
    ).toEqual(STABLECOIN_DISPLAY_ORDER.map((p) => p.key));
  });

  it('shows usdc, usdt and xlm disabled, so the first enabled stablecoin is xrplUSDS', () => {
    const catalogue = rampCatalogue(flags);
    const disabled = catalogue.filter((a) => a.disabled && !a.hidden && a.section !== 'fiat').map((a) => a.key);
    expect(disabled).toEqual([
      'stellarUSDC',
      'solanaUSDC',
      'avalancheUSDC',
      'ethereumUSDC',
      'ethereumUSDT',
      'stellarXLM',
    ]);
    const firstStable = catalogue.find((a) => a.section === 'stable_coin' && !a.disabled && !a.hidden);
    expect(firstStable?.key).toBe('xrplUSDS');
    expect(catalogue.find((a) => a.key === 'stellarUSDC')).toMatchObject({
      disabled: true,
      fromAssetEnabled: false,
      toAssetEnabled: false,
      featureInterestType: 'stablecoin',
    });
    // The disabled crypto asset carries the crypto "notify me" type, not the stablecoin one (decision 064).
    expect(catalogue.find((a) => a.key === 'stellarXLM')).toMatchObject({
      disabled: true,
      section: 'crypto_currency',
      featureInterestType: 'crypto',
    });
  });

  it('hides Polymesh (its chain flag is false) and keeps chains the flags do not list', () => {
    const polymesh = findRampAsset(flags, 'polymesh', 'USDS');
    expect(polymesh).toMatchObject({ hidden: true, disabled: true });
    expect(findRampAsset(flags, 'icon', 'usds')).toMatchObject({ hidden: false, disabled: false });
    expect(isPairSwitchedOn({ chains: {} }, 'polymesh', 'USDS')).toBe(true);
    expect(isPairSwitchedOn({ chains: { ethereumZUSD: false } }, 'ethereum', 'ZUSD')).toBe(false);
    expect(isPairSwitchedOn({ chains: { ethereumZUSD: false } }, 'ethereum', 'USDS')).toBe(true);
    expect(isPairSwitchedOn({ chains: { chia: false } }, 'chia', 'USDS')).toBe(false);
  });

  it('follows flag overrides: a chain turned off, a ticker no longer disabled, crypto trading off', () => {
    const catalogue = rampCatalogue({
      ...flags,
      assetsDisabledForBuyingAndTrading: ['USDT'],
      chains: { ...flags.chains, tezos: false, polymesh: true },
      cryptoTrading: false,
    });
    const byKey = new Map(catalogue.map((a) => [a.key, a]));
    expect(byKey.get('stellarUSDC')?.disabled).toBe(false);
    expect(byKey.get('ethereumUSDT')?.disabled).toBe(true);
    expect(byKey.get('tezosUSDS')?.hidden).toBe(true);
    expect(byKey.get('polymeshUSDS')?.hidden).toBe(false);
    expect(byKey.get('bitcoinBTC')?.disabled).toBe(true);
    expect(byKey.get('xrplUSDS')?.disabled).toBe(false);
  });

  it('enables the payment methods per direction as R13 says, card and wires for neither', () => {
    const methods = rampCatalogue(flags)
      .filter((a) => a.section === 'fiat')
      .map((a) => [a.key, a.fromAssetEnabled, a.toAssetEnabled, a.disabled, a.featureInterestType]);
    expect(methods).toEqual([
      ['primex_achUSD', true, true, false, null],
      ['primex_instant_achUSD', true, false, false, null],
      ['primex_cardUSD', false, false, true, 'card'],
      ['primex_fedwireUSD', false, false, true, 'domestic-wire'],
      ['primex_swift_wireUSD', false, false, true, 'international-wire'],
      ['primex_usdUSD', true, true, false, null],
    ]);
    const noInstant = rampCatalogue({ ...flags, instantAch: false }).find((a) => a.key === 'primex_instant_achUSD');
    expect(noInstant).toMatchObject({
      disabled: true,
      fromAssetEnabled: false,
      featureInterestType: 'instant-ach-plaid',
    });
  });

  it('gives every chain asset a minimum deposit (R14), decimals, a network name and a generated icon', () => {
    for (const asset of rampCatalogue(flags).filter((a) => a.section !== 'fiat')) {
      expect(asset.minimumDeposit).toMatch(/^\d+(\.\d+)?$/);
      expect(asset.networkDisplayName).not.toBe('');
      expect(asset.networkIcon.startsWith('data:image/svg+xml,')).toBe(true);
      expect(asset.decimals).toBeGreaterThan(0);
    }
    expect(findRampAsset(flags, 'primex_usd', 'USD')).toMatchObject({
      decimals: 2,
      minimumDeposit: null,
      networkDisplayName: 'USD balance',
    });
  });

  it('sorts assets into sections by the rule of document 1', () => {
    expect(assetSectionOf('primex_ach', 'USD')).toBe('fiat');
    expect(assetSectionOf('vechain', 'VEUSD')).toBe('stable_coin');
    expect(assetSectionOf('xrpl', 'XRP')).toBe('crypto_currency');
    expect(assetSectionOf('xrpl', '')).toBe('other');
    expect(Object.values(ASSET_SECTIONS).map((s) => [s.label, s.priority])).toEqual([
      ['Payment Methods', 1000],
      ['Stablecoins', 500],
      ['Cryptocurrencies', 100],
      ['Other', 50],
    ]);
  });

  it('draws a monogram icon with its letters escaped', () => {
    const svg = decodeURIComponent(
      monogramSvgDataUri({ monogram: 'A&B', color: '#123456' }).slice('data:image/svg+xml,'.length),
    );
    expect(svg).toContain('A&amp;B</text>');
    expect(svg).toContain('fill="#123456"');
  });

  it('validates the reply and the feature-interest request', () => {
    expect(RampAssetsReply.safeParse({ data: { assets: rampCatalogue(flags) } }).success).toBe(true);
    expect(FeatureInterestRequest.safeParse({ type: 'card' }).success).toBe(true);
    expect(
      FeatureInterestRequest.safeParse({ type: 'stablecoin', network: 'stellar', assetTicker: 'USDC' }).success,
    ).toBe(true);
    expect(FeatureInterestRequest.safeParse({ type: 'stablecoin' }).success).toBe(false);
    expect(FeatureInterestRequest.safeParse({ type: 'crypto', network: 'stellar', assetTicker: 'XLM' }).success).toBe(
      true,
    );
    expect(FeatureInterestRequest.safeParse({ type: 'crypto' }).success).toBe(false);
    expect(FeatureInterestRequest.safeParse({ type: 'card', network: 'stellar' }).success).toBe(false);
    expect(FeatureInterestRequest.safeParse({ type: 'crypto' }).success).toBe(false);
  });
});
