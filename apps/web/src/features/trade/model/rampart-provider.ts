import { TRANSFER_METHODS, isTransferMethodKey, type BankAccount, type BankLogo, type RampAsset } from '@rampart/contracts';
import { buildAssetOptions, buildPaymentMethodOptions, groupIntoSections, type AssetOption, type PaymentMethodOption, type PaymentMethodText } from './asset-options';
import type { AssetProvider, FeeDefinition, OrderSide } from './asset-providers';

/** The id Rampart's own ramp puts in `exchangeProviderId`. */
export const RAMPART_PROVIDER_ID = 'rampart';

export interface RampartProviderDeps {
  /** POST /ramp/assets → data.assets (a read: retried, R16). */
  loadAssets(): Promise<RampAsset[]>;
  /** The linked banks (/bank-account-list) and their logos (/plaid-institutions). */
  loadPaymentMethods(): Promise<{ bankAccounts: BankAccount[]; logos: ReadonlyMap<string, BankLogo> }>;
  /** The words of the payment-method options, in the user's language. */
  text: PaymentMethodText;
  /** USD cents of delivering an asset on a network (the quote's network fee line). */
  networkFeeCents(network: string): bigint;
}

interface Catalogue {
  /** What the user can get, per kind of sell option. */
  assetsTo: AssetOption[];
  paymentTo: PaymentMethodOption[];
}

/**
 * Rampart's ramp as an asset provider. A buy gives a payment method (USD balance, ACH, instant ACH) for an asset;
 * a sell gives an asset for a payment method (USD balance, ACH): R13 and document 2, section 5.
 */
export function createRampartProvider(deps: RampartProviderDeps): AssetProvider {
  let catalogue: Catalogue | null = null;

  return {
    id: RAMPART_PROVIDER_ID,

    async fetchOptions(side: OrderSide) {
      const [assets, payment] = await Promise.all([deps.loadAssets(), deps.loadPaymentMethods()]);
      const paymentInput = { assets, bankAccounts: payment.bankAccounts, logos: payment.logos, text: deps.text };
      catalogue = {
        assetsTo: buildAssetOptions(assets, 'to', RAMPART_PROVIDER_ID),
        paymentTo: buildPaymentMethodOptions({ ...paymentInput, direction: 'to' }),
      };
      return side === 'buy' ? buildPaymentMethodOptions({ ...paymentInput, direction: 'from' }) : buildAssetOptions(assets, 'from', RAMPART_PROVIDER_ID);
    },

    selectOption(sell) {
      if (!catalogue) return [];
      return sell.section === 'fiat' ? groupIntoSections(catalogue.assetsTo) : groupIntoSections(catalogue.paymentTo);
    },

    async calculateFees({ sellAsset, buyAsset }) {
      const fiat = sellAsset.section === 'fiat' ? sellAsset : buyAsset.section === 'fiat' ? buyAsset : null;
      const chain = fiat === sellAsset ? buyAsset : sellAsset;
      const fees: FeeDefinition[] = [];
      if (fiat && isTransferMethodKey(fiat.network)) fees.push({ kind: 'method', method: fiat.network, fee: TRANSFER_METHODS[fiat.network].fee });
      // The network fee is charged for delivering a bought asset; a sold one arrives on the user's own chain fee.
      fees.push({ kind: 'network', network: chain.network, cents: fiat === sellAsset ? deps.networkFeeCents(chain.network) : 0n });
      return fees;
    },
  };
}
