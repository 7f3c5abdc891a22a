import { decimalToMinor, minorToDecimal, type RampQuoteRequest, type TradeEstimateRequest } from '@rampart/contracts';
import { createStore } from '../../../lib/store';
import type { AssetOption, PaymentMethodOption } from './asset-options';

/**
 * The buy the user is putting together (document 1, section 3 "Quote draft"), handed from /trade/buy to
 * /trade/summary. Kept in memory only: a reload starts the trade again rather than quoting stale inputs.
 */
export interface BuyDraft {
  /** Absent on drafts made before sells existed; a buy either way. */
  side?: 'buy';
  asset: AssetOption;
  source: PaymentMethodOption;
  /** USD, a normalised decimal string ("100.00"). */
  amount: string;
  address: string;
  /** '' when the network has no memo or the user gave none. */
  memo: string;
}

/**
 * A sell (R14): an asset from the user's holdings or by an on-chain deposit to the address the order gives, for USD
 * paid out to the USD balance or a linked bank (R13's destinations).
 */
export interface SellDraft {
  side: 'sell';
  asset: AssetOption;
  delivery: 'holdings' | 'deposit';
  /** In the asset's units, normalised to its decimals ("100.000000"). */
  amount: string;
  payout: PaymentMethodOption;
}

export type TradeDraft = BuyDraft | SellDraft;

/** Document 2, section 9: "Default trade amount 100". */
export const DEFAULT_TRADE_AMOUNT = '100';

export function isSellDraft(draft: TradeDraft): draft is SellDraft {
  return draft.side === 'sell';
}

/**
 * What the user has typed or chosen on /trade/buy or /trade/sell and not yet handed on: kept so that /trade/method
 * can change the method and send the user back, and /trade/flow can offer to resume (decision 030). Keys, not
 * options: the page finds the options again from fresh data.
 */
export interface BuyForm {
  assetKey: string | null;
  sourceKey: string | null;
  amount: string;
  address: string;
  memo: string;
}
export interface SellForm {
  assetKey: string | null;
  delivery: 'holdings' | 'deposit';
  amount: string;
  payoutKey: string | null;
}
export interface TradeForms {
  buy?: BuyForm;
  sell?: SellForm;
  /** The side the user worked on last. */
  last?: 'buy' | 'sell';
}

interface DraftState {
  draft: TradeDraft | null;
  /** R16: one idemId per distinct quote request; kept while the inputs stay the same, replaced on expiry. */
  idem: { inputs: string; idemId: string } | null;
  forms: TradeForms;
  /** The quote the user confirmed on /trade/summary, handed to /trade/verify (R2's step-up places its order). */
  confirmed: ConfirmedQuote | null;
}

export interface ConfirmedQuote {
  quoteId: string;
  expiresAt: string;
}

export const tradeDraftStore = createStore<DraftState>({ draft: null, idem: null, forms: {}, confirmed: null });

export function setBuyDraft(draft: BuyDraft): void {
  tradeDraftStore.setState({ draft, confirmed: null });
}

export function setSellDraft(draft: Omit<SellDraft, 'side'>): void {
  tradeDraftStore.setState({ draft: { side: 'sell', ...draft }, confirmed: null });
}

/** Summary's Confirm: the firm quote /trade/verify confirms with the second factor. */
export function confirmQuote(quote: ConfirmedQuote): void {
  tradeDraftStore.setState({ confirmed: { quoteId: quote.quoteId, expiresAt: quote.expiresAt } });
}

/** Forgets the trade in progress: the draft, its idemId and the forms (after an order is placed, and in tests). */
export function clearBuyDraft(): void {
  tradeDraftStore.setState({ draft: null, idem: null, forms: {}, confirmed: null });
}
export const clearTradeDraft = clearBuyDraft;

export function saveBuyForm(form: BuyForm): void {
  tradeDraftStore.setState({ forms: { ...tradeDraftStore.getState().forms, buy: form, last: 'buy' } });
}

export function saveSellForm(form: SellForm): void {
  tradeDraftStore.setState({ forms: { ...tradeDraftStore.getState().forms, sell: form, last: 'sell' } });
}

/** /trade/method's choice: the method option (by key) the side's page selects when the user returns to it. */
export function chooseMethod(side: 'buy' | 'sell', key: string): void {
  const forms = tradeDraftStore.getState().forms;
  if (side === 'buy') {
    const form = forms.buy ?? { assetKey: null, sourceKey: null, amount: '100', address: '', memo: '' };
    tradeDraftStore.setState({ forms: { ...forms, buy: { ...form, sourceKey: key }, last: 'buy' } });
  } else {
    const form = forms.sell ?? { assetKey: null, delivery: 'holdings' as const, amount: '100', payoutKey: null };
    tradeDraftStore.setState({ forms: { ...forms, sell: { ...form, payoutKey: key }, last: 'sell' } });
  }
}

/** The idemId for these inputs: the kept one while they are unchanged, a new one otherwise. */
export function idemIdFor(draft: TradeDraft): string {
  const inputs = JSON.stringify(tradeFields(draft));
  const current = tradeDraftStore.getState().idem;
  if (current?.inputs === inputs) return current.idemId;
  const idemId = crypto.randomUUID();
  tradeDraftStore.setState({ idem: { inputs, idemId } });
  return idemId;
}

/** After an expired quote: the same inputs need a new key (the old one answers the expired quote). */
export function renewIdemId(draft: TradeDraft): string {
  const idemId = crypto.randomUUID();
  tradeDraftStore.setState({ idem: { inputs: JSON.stringify(tradeFields(draft)), idemId } });
  return idemId;
}

/**
 * The trade fields of a draft (decision 023). A buy: USD from the payment method, the asset delivered to the address.
 * A sell: the asset from holdings or by deposit, USD paid to the balance ('USD balance') or the bank's method id.
 */
function tradeFields(draft: TradeDraft): TradeEstimateRequest {
  if (isSellDraft(draft)) return sellEstimateRequestOf(draft);
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

export function quoteRequestOf(draft: TradeDraft, idemId: string): RampQuoteRequest {
  return { ...tradeFields(draft), idemId };
}

/** The estimate of the page's current inputs: no address (it is checked when the quote is asked for). */
export function estimateRequestOf(input: {
  asset: AssetOption;
  source: PaymentMethodOption;
  amount: string;
}): TradeEstimateRequest {
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

/** The estimate (and, with an idemId, the quote) of a sell: no sending address (the order gives the deposit's). */
export function sellEstimateRequestOf(input: {
  asset: AssetOption;
  delivery: 'holdings' | 'deposit';
  payout: PaymentMethodOption;
  amount: string;
}): TradeEstimateRequest {
  return {
    sellAssetTicker: input.asset.assetTicker,
    sellNetwork: input.asset.network,
    sellAmountTotal: input.amount,
    sellDeliveryMethod: input.delivery,
    buyAssetTicker: input.payout.assetTicker,
    buyNetwork: input.payout.network,
    buyAddress: input.payout.value,
  };
}

/** "1,000.5" in an asset of 6 decimals -> "1000.500000"; null when not a plain amount with at most that many decimals. */
export function normaliseAssetAmount(text: string, decimals: number): string | null {
  const cleaned = text.trim().replace(/,/g, '');
  const minor = decimalToMinor(cleaned, decimals);
  return minor === null ? null : minorToDecimal(minor, decimals);
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

/** Compares two plain non-negative decimal strings exactly (-1, 0, 1); a malformed one counts as 0. */
export function compareDecimals(a: string, b: string): number {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const left = decimalToMinor(a.trim(), places) ?? 0n;
  const right = decimalToMinor(b.trim(), places) ?? 0n;
  return left === right ? 0 : left > right ? 1 : -1;
}
