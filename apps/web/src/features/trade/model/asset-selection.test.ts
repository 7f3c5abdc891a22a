import { describe, expect, it, vi } from 'vitest';
import type { BankAccount, RampAsset } from '@rampart/contracts';
import { groupIntoSections, type AssetOption } from './asset-options';
import { DuplicateAssetProviderError, createAssetProviderRegistry, type AssetProvider, type FeeDefinition, type OrderSide } from './asset-providers';
import { createAssetSelection, type AssetSelection } from './asset-selection';
import { RAMPART_PROVIDER_ID, createRampartProvider } from './rampart-provider';
import { bankAccount, catalogue, text } from './test-fixtures';

/** A promise the test resolves or rejects when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the promise callbacks queued so far run (the store's fee recalculation is fire-and-forget). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const NETWORK_FEES: Record<string, bigint> = { xrpl: 1n, ethereum: 250n };

function rampart(options: { assets?: () => Promise<RampAsset[]>; banks?: BankAccount[] } = {}) {
  return createRampartProvider({
    loadAssets: options.assets ?? (async () => catalogue()),
    loadPaymentMethods: async () => ({ bankAccounts: options.banks ?? [bankAccount()], logos: new Map() }),
    text,
    networkFeeCents: (network) => NETWORK_FEES[network] ?? 25n,
  });
}

function selectionWith(side: OrderSide, ...providers: AssetProvider[]): AssetSelection {
  const registry = createAssetProviderRegistry();
  for (const provider of providers) registry.register(provider);
  return createAssetSelection({ registry, side });
}

function option(key: string, overrides: Partial<AssetOption> = {}): AssetOption {
  return {
    key,
    label: key,
    network: 'testnet',
    assetTicker: key.toUpperCase(),
    assetTickerDisplayName: key.toUpperCase(),
    networkDisplayName: 'Testnet',
    section: 'crypto_currency',
    disabled: false,
    hidden: false,
    exchangeProviderId: 'fake',
    imageURL: '',
    decimals: 6,
    minimumDeposit: '1',
    featureInterestType: null,
    ...overrides,
  };
}

/** A provider whose options, buy options per sell key, and fees the test sets. */
function fakeProvider(id: string, setup: { sell: AssetOption[]; buy: Record<string, AssetOption[]>; fees?: (sell: AssetOption, buy: AssetOption) => Promise<FeeDefinition[]> }) {
  const provider = {
    id,
    fetchOptions: vi.fn(async () => setup.sell),
    selectOption: vi.fn((sell: AssetOption) => groupIntoSections(setup.buy[sell.key] ?? [])),
    calculateFees: vi.fn(async ({ sellAsset, buyAsset }: { sellAsset: AssetOption; buyAsset: AssetOption }) =>
      setup.fees ? setup.fees(sellAsset, buyAsset) : [{ kind: 'network', network: buyAsset.network, cents: 7n } as const],
    ),
  } satisfies AssetProvider;
  return provider;
}

describe('asset provider registry (document 2, section 8)', () => {
  it("refuses a second provider of the same id with 'the asset provider {id} is existing'", () => {
    const registry = createAssetProviderRegistry();
    registry.register(rampart());
    expect(() => registry.register(rampart())).toThrow(new DuplicateAssetProviderError(RAMPART_PROVIDER_ID));
    expect(() => registry.register(rampart())).toThrow('the asset provider rampart is existing');
    registry.register(fakeProvider('other', { sell: [], buy: {} }));
    expect(registry.list().map((p) => p.id)).toEqual(['rampart', 'other']);
    expect(registry.get('other')?.id).toBe('other');
    expect(registry.get('missing')).toBeUndefined();
  });
});

describe('asset selection with Rampart\'s catalogue (document 1, section 4; R13, R15)', () => {
  it('buying: starts not_started, then the USD balance is sold for xrplUSDS, the first enabled stablecoin', async () => {
    const selection = selectionWith('buy', rampart());
    expect(selection.getState()).toMatchObject({ fetchStatus: 'not_started', sell: null, buy: null, fees: null });
    const fetching = selection.fetch();
    expect(selection.getState().loading).toBe(true);
    await fetching;
    await settle();
    const state = selection.getState();
    expect(state).toMatchObject({ fetchStatus: 'success', loading: false });
    expect(state.sell?.key).toBe('primex_usdUSD');
    expect(state.sellSections.map((s) => s.section)).toEqual(['fiat']);
    expect(state.buySections.map((s) => [s.section, s.priority])).toEqual([
      ['stable_coin', 500],
      ['crypto_currency', 100],
    ]);
    // Polymesh is hidden (left out), the disabled tickers are listed disabled.
    const stablecoins = state.buySections[0]?.options ?? [];
    expect(stablecoins).toHaveLength(17);
    expect(stablecoins[0]).toMatchObject({ key: 'stellarUSDC', disabled: true });
    expect(state.buy?.key).toBe('xrplUSDS');
    expect(state.fees).toEqual([
      { kind: 'method', method: 'primex_usd', fee: { kind: 'fixed', cents: 0n } },
      { kind: 'network', network: 'xrpl', cents: 1n },
    ]);
  });

  it('selling: xrplUSDS is the first sell option that can be chosen, paid out to the USD balance', async () => {
    const selection = selectionWith('sell', rampart());
    await selection.fetch();
    await settle();
    const state = selection.getState();
    expect(state.sellSections.map((s) => s.section)).toEqual(['stable_coin', 'crypto_currency']);
    expect(state.sell?.key).toBe('xrplUSDS');
    expect(state.buySections.map((s) => s.section)).toEqual(['fiat']);
    expect(state.buySections[0]?.options.filter((o) => !o.disabled).map((o) => o.key)).toEqual(['primex_usdUSD', 'primex_achUSD:res-1']);
    expect(state.buy?.key).toBe('primex_usdUSD');
    expect(state.fees).toEqual([
      { kind: 'method', method: 'primex_usd', fee: { kind: 'fixed', cents: 0n } },
      { kind: 'network', network: 'xrpl', cents: 0n },
    ]);
  });

  it('keeps the buy selection while it is still available and recalculates the fees for the new source', async () => {
    const selection = selectionWith('buy', rampart());
    await selection.fetch();
    expect(selection.selectBuy('ethereumUSDS')).toBe(true);
    expect(selection.selectSell('primex_instant_achUSD:res-1')).toBe(true);
    await settle();
    expect(selection.getState().buy?.key).toBe('ethereumUSDS');
    expect(selection.getState().fees).toEqual([
      { kind: 'method', method: 'primex_instant_ach', fee: { kind: 'fixed', cents: 200n } },
      { kind: 'network', network: 'ethereum', cents: 250n },
    ]);
    expect(selection.selectSell('primex_achUSD:res-1')).toBe(true);
    await settle();
    expect(selection.getState().fees?.[0]).toEqual({ kind: 'method', method: 'primex_ach', fee: { kind: 'percent', basisPoints: 50n } });
  });

  it('refuses to select what cannot be chosen: disabled, hidden, unknown, or not among the buy options', async () => {
    const selection = selectionWith('buy', rampart());
    await selection.fetch();
    const before = selection.getState();
    expect(selection.selectSell('primex_cardUSD')).toBe(false);
    expect(selection.selectSell('nope')).toBe(false);
    expect(selection.selectBuy('stellarUSDC')).toBe(false);
    expect(selection.selectBuy('polymeshUSDS')).toBe(false);
    expect(selection.selectBuy('primex_usdUSD')).toBe(false);
    expect(selection.getState()).toBe(before);
  });

  it('a bank needing its login again is not chosen first, nor at all', async () => {
    const selection = selectionWith('sell', rampart({ banks: [bankAccount({ requiresReauth: true })] }));
    await selection.fetch();
    expect(selection.selectBuy('primex_achUSD:res-1')).toBe(false);
    expect(selection.getState().buy?.key).toBe('primex_usdUSD');
  });

  it('marks a failed fetch as failure and clears what was selected', async () => {
    let fail = false;
    const selection = selectionWith('buy', rampart({ assets: async () => (fail ? Promise.reject(new Error('offline')) : catalogue()) }));
    await selection.fetch();
    expect(selection.getState().sell).not.toBeNull();
    fail = true;
    await selection.fetch();
    expect(selection.getState()).toMatchObject({ fetchStatus: 'failure', loading: false, sell: null, buy: null, sellOptions: [], fees: null });
  });
});

describe('asset selection rules with a test provider (document 1, section 4)', () => {
  it('chooses the first enabled, non-hidden sell option', async () => {
    const provider = fakeProvider('fake', { sell: [option('a', { disabled: true }), option('b', { hidden: true }), option('c'), option('d')], buy: {} });
    const selection = selectionWith('buy', provider);
    await selection.fetch();
    expect(selection.getState().sell?.key).toBe('c');
  });

  it('chooses the first available buy option when the kept one is gone', async () => {
    const provider = fakeProvider('fake', {
      sell: [option('a'), option('b')],
      buy: { a: [option('x'), option('y')], b: [option('z', { disabled: true }), option('w'), option('y')] },
    });
    const selection = selectionWith('buy', provider);
    await selection.fetch();
    expect(selection.getState().buy?.key).toBe('x');
    selection.selectBuy('y');
    selection.selectSell('b');
    expect(selection.getState().buy?.key).toBe('y');
    selection.selectSell('a');
    selection.selectBuy('x');
    selection.selectSell('b');
    // x is not offered for b; z is disabled: w is the first available.
    expect(selection.getState().buy?.key).toBe('w');
  });

  it('asks the sell option\'s provider for the fees, also for an option with an empty exchangeProviderId', async () => {
    const first = fakeProvider('first', { sell: [option('usd', { exchangeProviderId: '', section: 'fiat' })], buy: { usd: [option('x')] } });
    const second = fakeProvider('second', { sell: [option('other')], buy: { other: [option('y')] } });
    const selection = selectionWith('buy', first, second);
    await selection.fetch();
    await settle();
    expect(selection.getState().sell?.key).toBe('usd');
    expect(first.calculateFees).toHaveBeenCalledTimes(1);
    expect(second.calculateFees).not.toHaveBeenCalled();
    expect(selection.getState().fees).toEqual([{ kind: 'network', network: 'testnet', cents: 7n }]);
    selection.selectSell('other');
    await settle();
    expect(second.calculateFees).toHaveBeenCalledTimes(1);
    expect(second.selectOption).toHaveBeenCalledWith(expect.objectContaining({ key: 'other' }));
  });

  it('clears the fees when there is no buy selection', async () => {
    const provider = fakeProvider('fake', { sell: [option('a'), option('b')], buy: { a: [option('x')], b: [option('z', { disabled: true })] } });
    const selection = selectionWith('buy', provider);
    await selection.fetch();
    await settle();
    expect(selection.getState().fees).not.toBeNull();
    selection.selectSell('b');
    await settle();
    expect(selection.getState()).toMatchObject({ buy: null, fees: null });
  });

  it('has no selection and no fees when nothing can be chosen', async () => {
    const provider = fakeProvider('fake', { sell: [option('a', { disabled: true })], buy: {} });
    const selection = selectionWith('sell', provider);
    await selection.fetch();
    await settle();
    expect(selection.getState()).toMatchObject({ fetchStatus: 'success', sell: null, buy: null, buySections: [], fees: null });
    expect(provider.calculateFees).not.toHaveBeenCalled();
  });

  it('merges providers by section priority, the first provider keeping a key both offer', async () => {
    const one = fakeProvider('one', { sell: [option('btc'), option('usds', { section: 'stable_coin' })], buy: {} });
    const two = fakeProvider('two', { sell: [option('usd', { section: 'fiat' }), option('btc', { label: 'from two' })], buy: {} });
    const selection = selectionWith('buy', one, two);
    await selection.fetch();
    expect(selection.getState().sellOptions.map((o) => [o.key, o.label])).toEqual([
      ['usd', 'usd'],
      ['usds', 'usds'],
      ['btc', 'btc'],
    ]);
    expect(selection.getState().sell?.key).toBe('usd');
  });

  it('ignores the fees of an earlier pair that arrive after those of the current one', async () => {
    const slow = deferred<FeeDefinition[]>();
    const provider = fakeProvider('fake', {
      sell: [option('a')],
      buy: { a: [option('x'), option('y')] },
      fees: (_sell, buy) => (buy.key === 'x' ? slow.promise : Promise.resolve([{ kind: 'network', network: 'y', cents: 2n }])),
    });
    const selection = selectionWith('buy', provider);
    await selection.fetch();
    selection.selectBuy('y');
    await settle();
    slow.resolve([{ kind: 'network', network: 'x', cents: 1n }]);
    await settle();
    expect(selection.getState().fees).toEqual([{ kind: 'network', network: 'y', cents: 2n }]);
  });

  it('reports a fee failure and works again when asked', async () => {
    let fail = true;
    const provider = fakeProvider('fake', {
      sell: [option('a')],
      buy: { a: [option('x')] },
      fees: async () => (fail ? Promise.reject(new Error('down')) : [{ kind: 'network', network: 'x', cents: 3n }]),
    });
    const selection = selectionWith('buy', provider);
    await selection.fetch();
    await settle();
    expect(selection.getState()).toMatchObject({ fees: null, feesFailed: true });
    fail = false;
    await selection.recalculateFees();
    expect(selection.getState()).toMatchObject({ fees: [{ kind: 'network', network: 'x', cents: 3n }], feesFailed: false });
  });

  it('drops the answer of a fetch overtaken by a newer one, and of one in flight when cleared', async () => {
    const answers = [deferred<AssetOption[]>(), deferred<AssetOption[]>(), deferred<AssetOption[]>()];
    let call = 0;
    const provider = fakeProvider('fake', { sell: [], buy: {} });
    provider.fetchOptions.mockImplementation(() => answers[call++]!.promise);
    const selection = selectionWith('buy', provider);
    const first = selection.fetch();
    const second = selection.fetch();
    answers[1]!.resolve([option('new')]);
    await second;
    answers[0]!.resolve([option('old')]);
    await first;
    expect(selection.getState().sell?.key).toBe('new');

    const third = selection.fetch();
    selection.clear();
    answers[2]!.resolve([option('late')]);
    await third;
    expect(selection.getState()).toMatchObject({ fetchStatus: 'not_started', sell: null, sellOptions: [] });
  });

  it('tells subscribers about each change', async () => {
    const provider = fakeProvider('fake', { sell: [option('a')], buy: { a: [option('x')] } });
    const selection = selectionWith('buy', provider);
    const listener = vi.fn();
    const unsubscribe = selection.subscribe(listener);
    await selection.fetch();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    selection.clear();
    expect(listener).not.toHaveBeenCalled();
  });
});
