import type { TransferFee, TransferMethodKey } from '@rampart/contracts';
import type { AssetOption, OptionSection } from './asset-options';

/**
 * Asset providers (document 2, section 7: "the asset fetch, option selection (returns buy sections) and fee
 * calculation are offered per asset provider"; section 8: a duplicate registration is an error). Rampart has one,
 * its own ramp (rampart-provider.ts); the registry keeps the seam the original had.
 */

/** Document 1, section 3 "Order side". */
export type OrderSide = 'buy' | 'sell';

/**
 * A fee the pair will charge, known before the amount is: the payment method's (transfer-methods.ts) and the
 * network's. The spread depends on the price and comes with the quote.
 */
export type FeeDefinition =
  | { readonly kind: 'method'; readonly method: TransferMethodKey; readonly fee: TransferFee }
  | { readonly kind: 'network'; readonly network: string; readonly cents: bigint };

/** Document 1, section 3 "Ramp pair". */
export interface RampPair {
  sellAsset: AssetOption;
  buyAsset: AssetOption;
  feeDefinitions: FeeDefinition[];
}

export interface AssetProvider {
  readonly id: string;
  /** What the user can give on this side (the sell options), in the provider's order. */
  fetchOptions(side: OrderSide): Promise<AssetOption[]>;
  /** What the user can get for a chosen sell option, in sections (the provider's own options, from the last fetch). */
  selectOption(sell: AssetOption): OptionSection[];
  /** The fees of a pair. */
  calculateFees(pair: { sellAsset: AssetOption; buyAsset: AssetOption }): Promise<FeeDefinition[]>;
}

/** Document 2, section 8, word for word. */
export function duplicateProviderMessage(id: string): string {
  return `the asset provider ${id} is existing`;
}

export class DuplicateAssetProviderError extends Error {
  constructor(readonly providerId: string) {
    super(duplicateProviderMessage(providerId));
    this.name = 'DuplicateAssetProviderError';
  }
}

export interface AssetProviderRegistry {
  /** Throws DuplicateAssetProviderError when a provider of that id is registered already. */
  register(provider: AssetProvider): void;
  get(id: string): AssetProvider | undefined;
  /** In registration order. */
  list(): AssetProvider[];
}

export function createAssetProviderRegistry(): AssetProviderRegistry {
  const providers = new Map<string, AssetProvider>();
  return {
    register(provider) {
      if (providers.has(provider.id)) throw new DuplicateAssetProviderError(provider.id);
      providers.set(provider.id, provider);
    },
    get: (id) => providers.get(id),
    list: () => [...providers.values()],
  };
}
