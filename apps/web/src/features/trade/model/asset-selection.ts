import { createStore } from '../../../lib/store';
import { groupIntoSections, isSelectable, sortBySection, type AssetOption, type OptionSection } from './asset-options';
import type { AssetProvider, AssetProviderRegistry, FeeDefinition, OrderSide } from './asset-providers';

/** Document 1, section 4: "Asset fetch status: not_started, success, failure". */
export const ASSET_FETCH_STATUSES = ['not_started', 'success', 'failure'] as const;
export type AssetFetchStatus = (typeof ASSET_FETCH_STATUSES)[number];

export interface AssetSelectionState {
  fetchStatus: AssetFetchStatus;
  /** A fetch is running ("fetching options starts, then succeeds or fails"). */
  loading: boolean;
  /** What the user can give, highest section priority first (hidden ones included: the sections leave them out). */
  sellOptions: AssetOption[];
  sellSections: OptionSection[];
  /** What the user can get for the chosen sell option, from that option's provider. */
  buySections: OptionSection[];
  sell: AssetOption | null;
  buy: AssetOption | null;
  /** The pair's fees from the sell option's provider; null without both selections or a provider. */
  fees: FeeDefinition[] | null;
  /** The provider could not work the fees out (the page offers to try again). */
  feesFailed: boolean;
}

export const INITIAL_ASSET_SELECTION: AssetSelectionState = {
  fetchStatus: 'not_started',
  loading: false,
  sellOptions: [],
  sellSections: [],
  buySections: [],
  sell: null,
  buy: null,
  fees: null,
  feesFailed: false,
};

export interface AssetSelection {
  getState(): AssetSelectionState;
  subscribe(listener: () => void): () => void;
  /** Fetches every registered provider's sell options for the side, then selects (document 1, section 4). */
  fetch(): Promise<void>;
  /** Chooses the sell option of that key; false (nothing changes) when it is unknown, disabled or hidden. */
  selectSell(key: string): boolean;
  /** Chooses the buy option of that key among the current buy options; false when it is not one of them or cannot be chosen. */
  selectBuy(key: string): boolean;
  /** Asks the sell option's provider for the fees again (after a failure). */
  recalculateFees(): Promise<void>;
  /** Back to the initial state; answers still in flight are dropped. */
  clear(): void;
}

function flatten(sections: readonly OptionSection[]): AssetOption[] {
  return sections.flatMap((section) => section.options);
}

/**
 * The selection logic of document 1, section 4, for one order side:
 * - on a successful fetch the first enabled, non-hidden option becomes the sell selection;
 * - buy options are derived from the chosen sell option (its provider's `selectOption`);
 * - the buy selection is kept (by key) while it is still available, else the first available one is chosen;
 * - fees are recalculated by the sell option's provider whenever both selections exist, and cleared when there is
 *   no provider or no selection. The provider of an option is the one that offered it: a payment-method option
 *   carries an empty exchangeProviderId (document 1, section 3), yet its provider is known (decision 022).
 * Answers that arrive after a newer request (a second fetch, another selection) are ignored.
 */
export function createAssetSelection(deps: { registry: AssetProviderRegistry; side: OrderSide }): AssetSelection {
  const store = createStore<AssetSelectionState>(INITIAL_ASSET_SELECTION);
  /** Which provider offered each sell option (by key), and the provider of the current buy options. */
  let origin = new Map<string, AssetProvider>();
  let fetchGeneration = 0;
  let feeGeneration = 0;

  function providerOf(option: AssetOption | null): AssetProvider | undefined {
    if (!option) return undefined;
    return origin.get(option.key) ?? (option.exchangeProviderId ? deps.registry.get(option.exchangeProviderId) : undefined);
  }

  async function recalculateFees(): Promise<void> {
    feeGeneration += 1;
    const generation = feeGeneration;
    const { sell, buy } = store.getState();
    const provider = providerOf(sell);
    if (!sell || !buy || !provider) {
      store.setState({ fees: null, feesFailed: false });
      return;
    }
    try {
      const fees = await provider.calculateFees({ sellAsset: sell, buyAsset: buy });
      if (generation === feeGeneration) store.setState({ fees, feesFailed: false });
    } catch {
      if (generation === feeGeneration) store.setState({ fees: null, feesFailed: true });
    }
  }

  /** Derives the buy options from the sell option and keeps or replaces the buy selection; then the fees. */
  function applySell(sell: AssetOption | null): void {
    const provider = providerOf(sell);
    const buySections = sell && provider ? provider.selectOption(sell) : [];
    const available = flatten(buySections).filter(isSelectable);
    const previous = store.getState().buy;
    const buy = (previous && available.find((option) => option.key === previous.key)) ?? available[0] ?? null;
    store.setState({ sell, buySections, buy });
    void recalculateFees();
  }

  async function fetch(): Promise<void> {
    fetchGeneration += 1;
    const generation = fetchGeneration;
    store.setState({ loading: true });
    try {
      const providers = deps.registry.list();
      const results = await Promise.all(providers.map(async (provider) => ({ provider, options: await provider.fetchOptions(deps.side) })));
      if (generation !== fetchGeneration) return;
      const nextOrigin = new Map<string, AssetProvider>();
      const merged: AssetOption[] = [];
      for (const { provider, options } of results) {
        for (const option of options) {
          // The first provider to offer a key keeps it (a key names one asset or method).
          if (nextOrigin.has(option.key)) continue;
          nextOrigin.set(option.key, provider);
          merged.push(option);
        }
      }
      origin = nextOrigin;
      const sellOptions = sortBySection(merged);
      store.setState({ fetchStatus: 'success', loading: false, sellOptions, sellSections: groupIntoSections(sellOptions) });
      applySell(sellOptions.find(isSelectable) ?? null);
    } catch {
      if (generation !== fetchGeneration) return;
      origin = new Map();
      feeGeneration += 1;
      store.setState({ ...INITIAL_ASSET_SELECTION, fetchStatus: 'failure' });
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    fetch,
    selectSell(key) {
      const option = store.getState().sellOptions.find((o) => o.key === key);
      if (!option || !isSelectable(option)) return false;
      applySell(option);
      return true;
    },
    selectBuy(key) {
      const option = flatten(store.getState().buySections).find((o) => o.key === key);
      if (!option || !isSelectable(option)) return false;
      store.setState({ buy: option });
      void recalculateFees();
      return true;
    },
    recalculateFees,
    clear() {
      fetchGeneration += 1;
      feeGeneration += 1;
      origin = new Map();
      store.setState(INITIAL_ASSET_SELECTION);
    },
  };
}
