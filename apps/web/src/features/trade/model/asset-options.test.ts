import { describe, expect, it } from 'vitest';
import type { BankAccount, RampAsset } from '@rampart/contracts';
import {
  RAMPART_PROVIDER_ID,
  USD_BALANCE_VALUE,
  buildAssetOptions,
  buildPaymentMethodOptions,
  chooseOption,
  groupIntoSections,
  isMethodListed,
  isPaymentMethodOption,
  sectionOf,
  sortBySection,
  type AssetOption,
} from './asset-options';
import { bankAccount, catalogue, text } from './test-fixtures';

const svgText = (uri: string) => decodeURIComponent(uri.slice('data:image/svg+xml,'.length));

describe('asset options (document 1, section 3)', () => {
  it('puts each option in its section by the rule: fiat network, a ticker with USD, everything else crypto', () => {
    expect(sectionOf('primex_usd', 'USD')).toBe('fiat');
    expect(sectionOf('xrpl', 'USDS')).toBe('stable_coin');
    expect(sectionOf('vechain', 'VEUSD')).toBe('stable_coin');
    expect(sectionOf('ethereum', 'ETH')).toBe('crypto_currency');
    expect(sectionOf('ethereum', '')).toBe('other');
  });

  it('builds asset options with the fields of document 1 from the catalogue', () => {
    const options = buildAssetOptions(catalogue(), 'to', 'rampart');
    expect(options.find((o) => o.key === 'vechainVEUSD')).toEqual({
      key: 'vechainVEUSD',
      label: 'VeUSD',
      network: 'vechain',
      assetTicker: 'VEUSD',
      assetTickerDisplayName: 'VeUSD',
      networkDisplayName: 'VeChain',
      section: 'stable_coin',
      disabled: false,
      hidden: false,
      exchangeProviderId: 'rampart',
      imageURL: expect.stringMatching(/^data:image\/svg\+xml,/),
      decimals: 6,
      minimumDeposit: '10',
      featureInterestType: null,
    });
    // No payment methods among the assets.
    expect(options.some((o) => o.section === 'fiat')).toBe(false);
    expect(options.filter((o) => o.section === 'crypto_currency').map((o) => o.key)).toEqual([
      'bitcoinBTC',
      'ethereumETH',
      'xrplXRP',
      'stellarXLM',
      'solanaSOL',
    ]);
  });

  it('shows the disabled tickers disabled with "notify me", and Polymesh hidden (R15)', () => {
    const byKey = new Map(buildAssetOptions(catalogue(), 'from', 'rampart').map((o) => [o.key, o]));
    for (const key of ['stellarUSDC', 'solanaUSDC', 'avalancheUSDC', 'ethereumUSDC', 'ethereumUSDT']) {
      expect(byKey.get(key)).toMatchObject({ disabled: true, hidden: false, featureInterestType: 'stablecoin' });
    }
    // A crypto asset asks for the crypto "notify me" (decision 064).
    expect(byKey.get('stellarXLM')).toMatchObject({ disabled: true, hidden: false, featureInterestType: 'crypto' });
    expect(byKey.get('polymeshUSDS')).toMatchObject({ hidden: true });
    expect(byKey.get('xrplUSDS')).toMatchObject({ disabled: false, hidden: false });
  });

  it('disables an asset in a direction the catalogue does not enable it for', () => {
    const assets: RampAsset[] = catalogue().map((a) => (a.key === 'xrplUSDS' ? { ...a, toAssetEnabled: false } : a));
    expect(buildAssetOptions(assets, 'to', 'rampart').find((o) => o.key === 'xrplUSDS')?.disabled).toBe(true);
    expect(buildAssetOptions(assets, 'from', 'rampart').find((o) => o.key === 'xrplUSDS')?.disabled).toBe(false);
  });
});

describe('payment-method options (document 1, section 3; document 2, section 5; R13)', () => {
  const logos = new Map([['ins_platypus', { monogram: 'FP', color: '#1d4ed8' }]]);
  const build = (direction: 'from' | 'to', bankAccounts: BankAccount[] = [bankAccount()], assets = catalogue()) =>
    buildPaymentMethodOptions({ assets, bankAccounts, logos, direction, text });

  it('as sources: the USD balance, each bank by ACH and instant ACH, then card and wires disabled', () => {
    const options = build('from');
    expect(options.map((o) => [o.key, o.disabled])).toEqual([
      ['primex_usdUSD', false],
      ['primex_achUSD:res-1', false],
      ['primex_instant_achUSD:res-1', false],
      ['primex_cardUSD', true],
      ['primex_fedwireUSD', true],
      ['primex_swift_wireUSD', true],
    ]);
    expect(options.filter((o) => o.disabled).map((o) => [o.label, o.featureInterestType])).toEqual([
      ['Debit card', 'card'],
      ['US wire', 'domestic-wire'],
      ['International wire', 'international-wire'],
    ]);
  });

  it('as destinations: the USD balance and each bank by ACH only', () => {
    expect(
      build('to')
        .filter((o) => !o.disabled)
        .map((o) => o.key),
    ).toEqual(['primex_usdUSD', 'primex_achUSD:res-1']);
  });

  it('carries the fields document 1 names for the USD balance and for a bank', () => {
    const [usd, ach] = build('from');
    expect(usd).toMatchObject({
      assetTicker: 'USD',
      network: 'primex_usd',
      label: 'USD balance',
      description: '$250.00 available',
      value: USD_BALANCE_VALUE,
      section: 'fiat',
      metadata: { decimals: 2 },
      exchangeProviderId: '',
    });
    expect(usd && 'resourceId' in usd).toBe(false);
    expect(ach).toMatchObject({
      assetTicker: 'USD',
      network: 'primex_ach',
      label: 'ACH · Everyday Checking ••1234',
      description: 'First Platypus Bank',
      value: '6f1c1f38-8f0e-4c47-9a43-0d1f3b0a8a11',
      section: 'fiat',
      metadata: { decimals: 2 },
      exchangeProviderId: '',
      resourceId: 'res-1',
      relatedId: 'contact-1',
    });
    expect(svgText(ach?.imageURL ?? '')).toContain('>FP</text>');
    expect(svgText(ach?.imageURL ?? '')).toContain('#1d4ed8');
    expect(ach && isPaymentMethodOption(ach)).toBe(true);
  });

  it("draws a bank's initials on slate when its logo is not known", () => {
    const [, ach] = build('to', [bankAccount({ institutionId: 'ins_unknown', bankName: 'Great Lakes Credit Union' })]);
    expect(svgText(ach?.imageURL ?? '')).toContain('>GL</text>');
    expect(svgText(ach?.imageURL ?? '')).toContain('#475569');
  });

  it('accepts only bank accounts whose type is plaid', () => {
    const card = {
      ...bankAccount({ resourceId: 'res-card' }),
      fundsTransferMethod: 'credit_card',
    } as unknown as BankAccount;
    const keys = build('from', [card, bankAccount({ resourceId: 'res-2' })]).map((o) => o.key);
    expect(keys).toContain('primex_achUSD:res-2');
    expect(keys.some((k) => k.endsWith(':res-card'))).toBe(false);
  });

  it('shows a bank that needs its login again disabled', () => {
    const options = build('from', [bankAccount({ requiresReauth: true })]);
    expect(options.filter((o) => o.resourceId === 'res-1').map((o) => o.disabled)).toEqual([true, true]);
  });

  it('offers a method only if its key plus USD is listed enabled for the direction', () => {
    const assets = catalogue().map((a) => (a.key === 'primex_achUSD' ? { ...a, fromAssetEnabled: false } : a));
    expect(isMethodListed(assets, 'primex_ach', 'from')).toBe(false);
    expect(isMethodListed(assets, 'primex_ach', 'to')).toBe(true);
    expect(build('from', [bankAccount()], assets).map((o) => o.key)).not.toContain('primex_achUSD:res-1');
    // Not listed at all: not offered.
    const withoutUsd = catalogue().filter((a) => a.key !== 'primex_usdUSD');
    expect(build('from', [], withoutUsd).map((o) => o.key)).not.toContain('primex_usdUSD');
    // The instant ACH flag off: no instant ACH for banks, and the method shown disabled to be asked for.
    const noInstant = build('from', [bankAccount()], catalogue({ instantAch: false }));
    expect(noInstant.map((o) => [o.key, o.disabled, o.featureInterestType])).toContainEqual([
      'primex_instant_achUSD',
      true,
      'instant-ach-plaid',
    ]);
    expect(noInstant.map((o) => o.key)).not.toContain('primex_instant_achUSD:res-1');
  });
});

describe('sections and priorities', () => {
  const option = (key: string, section: AssetOption['section'], hidden = false): AssetOption => ({
    key,
    label: key,
    network: 'n',
    assetTicker: key,
    assetTickerDisplayName: key,
    networkDisplayName: 'N',
    section,
    disabled: false,
    hidden,
    exchangeProviderId: 'p',
    imageURL: '',
    decimals: 2,
    minimumDeposit: null,
    featureInterestType: null,
  });

  it("orders 'Payment Methods' 1000, 'Stablecoins' 500, 'Cryptocurrencies' 100, other 50, keeping order within a section", () => {
    const options = [
      option('btc', 'crypto_currency'),
      option('x', 'other'),
      option('usds', 'stable_coin'),
      option('usd', 'fiat'),
      option('eth', 'crypto_currency'),
      option('usdc', 'stable_coin'),
    ];
    expect(sortBySection(options).map((o) => o.key)).toEqual(['usd', 'usds', 'usdc', 'btc', 'eth', 'x']);
    expect(groupIntoSections(options).map((s) => [s.section, s.priority, s.options.map((o) => o.key)])).toEqual([
      ['fiat', 1000, ['usd']],
      ['stable_coin', 500, ['usds', 'usdc']],
      ['crypto_currency', 100, ['btc', 'eth']],
      ['other', 50, ['x']],
    ]);
  });

  it('leaves hidden options and empty sections out', () => {
    expect(groupIntoSections([option('a', 'fiat', true), option('b', 'stable_coin')]).map((s) => s.section)).toEqual([
      'stable_coin',
    ]);
  });
});

describe('the one selection rule of the trade pages (document 1, section 4)', () => {
  const options = buildAssetOptions(catalogue(), 'to', RAMPART_PROVIDER_ID);

  it('selects the first enabled, non-hidden option until the user chooses', () => {
    // stellarUSDC comes first but is disabled (R15): the first that can be chosen is xrplUSDS.
    expect(options[0]).toMatchObject({ key: 'stellarUSDC', disabled: true });
    expect(chooseOption(options, null)?.key).toBe('xrplUSDS');
  });

  it("keeps the user's choice while it can be chosen, else falls back to the first available", () => {
    expect(chooseOption(options, 'ethereumUSDS')?.key).toBe('ethereumUSDS');
    // Disabled (usdt), hidden (Polymesh) or gone from the catalogue: the first available instead.
    expect(chooseOption(options, 'ethereumUSDT')?.key).toBe('xrplUSDS');
    expect(chooseOption(options, 'polymeshUSDS')?.key).toBe('xrplUSDS');
    expect(chooseOption(options, 'dogecoinDOGE')?.key).toBe('xrplUSDS');
    expect(chooseOption([], 'xrplUSDS')).toBeNull();
    expect(
      chooseOption(
        options.filter((o) => o.disabled),
        null,
      ),
    ).toBeNull();
  });

  it('applies the same rule to payment methods: a bank that needs its login again is passed over', () => {
    const sources = buildPaymentMethodOptions({
      assets: catalogue(),
      bankAccounts: [bankAccount({ requiresReauth: true })],
      logos: new Map(),
      direction: 'from',
      text,
    });
    const bank = sources.find((o) => o.resourceId === 'res-1');
    expect(bank?.disabled).toBe(true);
    expect(chooseOption(sources, bank?.key ?? null)?.key).toBe('primex_usdUSD');
  });
});
