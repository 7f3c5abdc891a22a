import { decimalToMinor, minorToDecimal, type RampQuoteRequest, type TradeEstimateRequest } from '@rampart/contracts';
import { createStore } from '../../../lib/store';
import type { AssetOption, PaymentMethodOption } from './asset-options';

/**
 * The buy the user is putting together (document 1, section 3 "Quote draft"), handed from /trade/buy to
 * /trade/summary. Kept in memory only: a reload starts the trade again rather than quoting stale inputs.
 */
export interface BuyDraft {
  asset: AssetOption;
  source: PaymentMethodOption;
  /** USD, a normalised decimal string ("100.00"). */
  amount: string;
  address: string;
  /** '' when the network has no memo or the user gave none. */
  memo: string;
}

interface DraftState {
  draft: BuyDraft | null;
  /** R16: one idemId per distinct quote request; kept while the inputs stay the same, replaced on expiry. */
  idem: { inputs: string; idemId: string } | null;
}

export const tradeDraftStore = createStore<DraftState>({ draft: null, idem: null });

export function setBuyDraft(draft: BuyDraft): void {
  tradeDraftStore.setState({ draft });
}

export function clearBuyDraft(): void {
  tradeDraftStore.setState({ draft: null, idem: null });
}

/** The idemId for these inputs: the kept one while they are unchanged, a new one otherwise. */
export function idemIdFor(draft: BuyDraft): string {
  const inputs = JSON.stringify(tradeFields(draft));
  const current = tradeDraftStore.getState().idem;
  if (current?.inputs === inputs) return current.idemId;
  const idemId = crypto.randomUUID();
  tradeDraftStore.setState({ idem: { inputs, idemId } });
  return idemId;
}

/** After an expired quote: the same inputs need a new key (the old one answers the expired quote). */
export function renewIdemId(draft: BuyDraft): string {
  const idemId = crypto.randomUUID();
  tradeDraftStore.setState({ idem: { inputs: JSON.stringify(tradeFields(draft)), idemId } });
  return idemId;
}

/** The trade fields of a buy: USD from the payment method, the asset delivered to the address (decision 023). */
function tradeFields(draft: BuyDraft) {
  const memo = draft.memo.trim();
  return {
    buyAssetTicker: draft.asset.assetTicker,
    buyNetwork: draft.asset.network,
    buyAddress: draft.address.trim(),
    ...(memo === '' ? {} : { buyMemo: memo }),
    sellAssetTicker: draft.source.assetTicker,
    sellNetwork: draft.source.network,
    sellAmountTotal: draft.amount,
    sellDeliveryMethod: 'payment_method',
    // The bank's method id, or 'USD balance' (document 1, section 3).
    sellAddress: draft.source.value,
  } satisfies TradeEstimateRequest;
}

export function quoteRequestOf(draft: BuyDraft, idemId: string): RampQuoteRequest {
  return { ...tradeFields(draft), idemId };
}

/** The estimate of the page's current inputs: no address (it is checked when the quote is asked for). */
export function estimateRequestOf(input: { asset: AssetOption; source: PaymentMethodOption; amount: string }): TradeEstimateRequest {
  return {
    buyAssetTicker: input.asset.assetTicker,
    buyNetwork: input.asset.network,
    sellAssetTicker: input.source.assetTicker,
    sellNetwork: input.source.network,
    sellAmountTotal: input.amount,
    sellDeliveryMethod: 'payment_method',
    sellAddress: input.source.value,
  };
}

/** "1,000.5" or " $100 " -> "1000.50"; null when it is not a positive USD amount with at most 2 decimals. */
export function normaliseUsd(text: string): string | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const cents = decimalToMinor(cleaned, 2);
  return cents === null ? null : minorToDecimal(cents, 2);
}

/** USD decimal string -> cents (bigint), for comparisons with limits; null when malformed. */
export function usdCents(text: string): bigint | null {
  return decimalToMinor(text, 2);
}
