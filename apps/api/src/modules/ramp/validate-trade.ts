import {
  BANK_REAUTH_FIELD,
  BANK_REAUTH_NOTICE,
  RAMP_DESTINATION_METHODS,
  RAMP_QUOTE_MESSAGES,
  RAMP_SOURCE_METHODS,
  serverMessage,
  assetNotSupported,
  decimalToMinor,
  isMemoSwitchedOff,
  normaliseSandboxAmount,
  sandboxAmountMessage,
  type FeatureFlags,
  type RampAssetEntry,
  type RampDestinationMethod,
  type RampSourceMethod,
  type SellDeliveryMethod,
  type TradeEstimateRequest,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError, type MessageInput } from '../../lib/app-error';
import { findBankMethodOfUser } from '../methods';
import { checkChainDestination, isTickerShown, tradeAsset } from './trade-catalogue';

/** A trade request that passed every check: the catalogue entries, the method, the amount in minor units. */
export interface CheckedTrade {
  side: 'buy' | 'sell';
  sell: RampAssetEntry;
  buy: RampAssetEntry;
  /** The non-USD side: what is priced. */
  asset: RampAssetEntry;
  paymentMethod: RampSourceMethod | RampDestinationMethod;
  sellDeliveryMethod: SellDeliveryMethod;
  /** In the sold asset's minor units. */
  sellAmount: bigint;
  /** The on-chain destination (buys) in canonical form; the linked bank id or 'USD balance' (sells). */
  buyAddress: string | null;
  buyMemo: string | null;
  /** The linked bank id (buys by ACH), the user's sending address (sells by deposit), or null. */
  sellAddress: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** Field errors are gathered so that one reply names every field that is wrong (400 under errors.fields). */
class Problems {
  readonly fields: Record<string, MessageInput> = {};
  add(field: string, message: MessageInput) {
    this.fields[field] ??= message;
  }
  get any() {
    return Object.keys(this.fields).length > 0;
  }
  throwIfAny() {
    if (this.any) throw AppError.validation(this.fields);
  }
}

/**
 * Checks a quote or estimate request (document 1, section 3's fields) against the catalogue (the pair exists, is not
 * hidden or disabled, one side USD by a payment method allowed for its direction by R13), the amount (the sold
 * asset's decimals, > 0), the delivery method (R14), and, when `addresses` is 'required' (quotes) or given
 * (estimates), the addresses: R9's network rules and memo for on-chain ones, the caller's own linked bank for ACH.
 */
export async function checkTrade(
  q: Queryable,
  flags: FeatureFlags,
  userId: string,
  body: TradeEstimateRequest,
  options: { addresses: 'required' | 'optional' },
): Promise<CheckedTrade> {
  const problems = new Problems();
  const sellTicker = text(body.sellAssetTicker);
  const buyTicker = text(body.buyAssetTicker);
  const sell = tradeAsset(flags, text(body.sellNetwork), sellTicker);
  const buy = tradeAsset(flags, text(body.buyNetwork), buyTicker);
  // A ticker the catalogue shows on another network is the network's problem; one it shows nowhere, the ticker's
  // (docs/decisions/104-every-refusal-is-keyed.md).
  const unsupported = (side: 'sell' | 'buy', ticker: string) =>
    isTickerShown(flags, ticker)
      ? problems.add(`${side}Network`, serverMessage('ramp.assetNotOnNetwork'))
      : problems.add(`${side}AssetTicker`, assetNotSupported(ticker));
  if (!sell || sell.hidden) unsupported('sell', sellTicker);
  if (!buy || buy.hidden) unsupported('buy', buyTicker);
  problems.throwIfAny();
  if (!sell || !buy) throw new Error('unreachable');

  const sellFiat = sell.section === 'fiat';
  const buyFiat = buy.section === 'fiat';
  if (sellFiat === buyFiat) {
    problems.add('buyAssetTicker', RAMP_QUOTE_MESSAGES.pairNotTradable);
    problems.throwIfAny();
  }
  const side = sellFiat ? 'buy' : 'sell';
  const asset = side === 'buy' ? buy : sell;

  // R13 per direction, and the catalogue's own flags (instant ACH switched off, disabled tickers).
  let paymentMethod: RampSourceMethod | RampDestinationMethod;
  if (side === 'buy') {
    paymentMethod = sell.network as RampSourceMethod;
    if (!(RAMP_SOURCE_METHODS as readonly string[]).includes(sell.network) || !sell.fromAssetEnabled)
      problems.add('sellNetwork', RAMP_QUOTE_MESSAGES.methodNotForBuying);
    if (buy.disabled || !buy.toAssetEnabled) problems.add('buyAssetTicker', RAMP_QUOTE_MESSAGES.assetDisabled);
  } else {
    paymentMethod = buy.network as RampDestinationMethod;
    if (!(RAMP_DESTINATION_METHODS as readonly string[]).includes(buy.network) || !buy.toAssetEnabled)
      problems.add('buyNetwork', RAMP_QUOTE_MESSAGES.methodNotForSelling);
    if (sell.disabled || !sell.fromAssetEnabled) problems.add('sellAssetTicker', RAMP_QUOTE_MESSAGES.assetDisabled);
  }

  const amountProblem = sandboxAmountMessage(body.sellAmountTotal, sell.decimals);
  const sellAmount = amountProblem
    ? null
    : decimalToMinor(normaliseSandboxAmount(body.sellAmountTotal as string | number), sell.decimals);
  if (amountProblem) problems.add('sellAmountTotal', amountProblem);
  else if (sellAmount === null) problems.add('sellAmountTotal', RAMP_QUOTE_MESSAGES.amountBelowFees);

  const delivery = text(body.sellDeliveryMethod);
  let sellDeliveryMethod: SellDeliveryMethod = side === 'buy' ? 'payment_method' : 'deposit';
  if (side === 'buy') {
    if (delivery !== '' && delivery !== 'payment_method')
      problems.add('sellDeliveryMethod', RAMP_QUOTE_MESSAGES.deliveryMethodFiat);
  } else if (delivery === 'deposit' || delivery === 'holdings') {
    sellDeliveryMethod = delivery;
  } else if (delivery !== '') {
    problems.add('sellDeliveryMethod', RAMP_QUOTE_MESSAGES.deliveryMethodInvalid);
  }
  problems.throwIfAny();

  // Addresses: a quote needs them all; an estimate checks the ones it is given.
  const required = options.addresses === 'required';
  let buyAddress: string | null = null;
  let buyMemo: string | null = null;
  let sellAddress: string | null = null;
  const rawBuyAddress = text(body.buyAddress);
  const rawSellAddress = text(body.sellAddress);
  if (side === 'buy') {
    const memoOff = isMemoSwitchedOff(flags, buy);
    if (memoOff && text(body.buyMemo) !== '') problems.add('buyMemo', RAMP_QUOTE_MESSAGES.memoNotForStablecoins);
    if (rawBuyAddress !== '' || required) {
      const checked = checkChainDestination(
        buy.network,
        rawBuyAddress === '' ? undefined : rawBuyAddress,
        memoOff ? undefined : body.buyMemo,
      );
      if (rawBuyAddress === '') problems.add('buyAddress', RAMP_QUOTE_MESSAGES.addressRequired);
      else if (!checked.ok) problems.add(checked.field === 'address' ? 'buyAddress' : 'buyMemo', checked.message);
      else {
        buyAddress = checked.address;
        buyMemo = checked.memo;
      }
    }
    if (paymentMethod !== 'primex_usd' && (rawSellAddress !== '' || required)) {
      sellAddress = await ownBank(q, userId, rawSellAddress, 'sellAddress', problems);
    }
  } else {
    if (text(body.buyMemo) !== '') problems.add('buyMemo', RAMP_QUOTE_MESSAGES.memoNotForPayout);
    if (paymentMethod === 'primex_usd') buyAddress = rawBuyAddress === '' ? null : rawBuyAddress;
    else if (rawBuyAddress !== '' || required)
      buyAddress = await ownBank(q, userId, rawBuyAddress, 'buyAddress', problems);
    // The user's sending address (optional): checked for the network when given, so a typo shows before the deposit.
    if (sellDeliveryMethod === 'deposit' && rawSellAddress !== '') {
      const checked = checkChainDestination(sell.network, rawSellAddress, undefined);
      if (!checked.ok) problems.add('sellAddress', checked.message);
      else sellAddress = checked.address;
    }
  }
  problems.throwIfAny();
  return {
    side,
    sell,
    buy,
    asset,
    paymentMethod,
    sellDeliveryMethod,
    sellAmount: sellAmount ?? 0n,
    buyAddress,
    buyMemo,
    sellAddress,
  };
}

/** A linked bank of the caller's own (a bank method, decision 013): its id; 404 for another's or an unknown id. */
async function ownBank(
  q: Queryable,
  userId: string,
  id: string,
  field: string,
  problems: Problems,
): Promise<string | null> {
  if (id === '') {
    problems.add(field, serverMessage('ramp.bankMethodRequired'));
    return null;
  }
  const method = UUID.test(id) ? await findBankMethodOfUser(q, userId, id.toLowerCase()) : undefined;
  if (!method) throw AppError.onFields('bank_method_unknown', { [field]: serverMessage('ramp.bankMethodUnknown') });
  if (method.login_required)
    throw new AppError('bank_reauth_required', {
      details: { errors: [BANK_REAUTH_NOTICE], fields: { [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE } },
    });
  return method.id;
}
