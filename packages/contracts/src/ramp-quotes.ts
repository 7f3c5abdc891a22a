import { z } from 'zod';
import { decimalToMinor, minorToDecimal } from './money';
import { transferFee, type TransferMethodKey } from './transfer-methods';

/**
 * Ramp quotes, estimates and limits (document 1, section 3; document 2,
 * sections 7 and 9; R13, R16; decision 023). Every route is POST under /api and signed in:
 *
 * | path                       | body                 | reply               | notes                                        |
 * |----------------------------|----------------------|---------------------|----------------------------------------------|
 * | /api/ramp/quote            | RampQuoteRequest     | RampQuoteReply      | opened account; stored, firm, single use     |
 * | /api/ramp/trade-estimate   | TradeEstimateRequest | TradeEstimateReply  | the same figures, nothing stored             |
 * | /api/ramp/limits           | RampLimitsRequest    | RampLimitsReply     | per method: limit, used, remaining           |
 *
 * A buy sells USD (sellAssetTicker 'USD', sellNetwork a payment method key of R13's sources: primex_usd, primex_ach,
 * primex_instant_ach) for an asset delivered to buyAddress on buyNetwork. A sell sells an asset (sellDeliveryMethod
 * 'deposit' on-chain, or 'holdings', R14) for USD paid to buyNetwork primex_usd or primex_ach. For a bank method the
 * "address" is the linked bank's primetrustFundsTransferMethodId; for the USD balance it is 'USD balance' (or empty).
 *
 * The figures are integers inside (bigint minor units) and decimal strings on the wire. THE ROUNDING RULE of a quote
 * (written once, here): the method fee is the deposit/withdrawal fee of transfer-methods.ts (half up to the cent, the
 * same figure a deposit by that method costs); every other step rounds in the platform's favour by less than one
 * minor unit: the network fee and the spread are rounded up, a conversion (USD -> asset, asset -> USD) is rounded
 * down. The user's `receiveAmount` is therefore never more than the exact figure and at most a few minor units less.
 */

// ---------------------------------------------------------------------------------------------------------------
// Messages (ours, except document 2 section 8's 'Asset {0} not supported!', which the catalogue's helper shares).
// ---------------------------------------------------------------------------------------------------------------

export const RAMP_QUOTE_MESSAGES = {
  idemIdRequired: 'A request id (idemId) is required',
  idemIdInvalid: 'The request id (idemId) must be 1 to 180 visible ASCII characters',
  idemIdMismatch: 'idemId and idemID must be the same value',
  tickerRequired: 'Asset is required',
  networkRequired: 'Network is required',
  addressRequired: 'Address is required',
  pairNotTradable: 'These two assets cannot be traded for each other',
  assetDisabled: 'This asset cannot be bought or sold at the moment',
  // Ours: a network settled on its real chain that takes no deposits yet (docs/operations.md, EVM networks).
  depositsUnavailable: 'Deposits on this network are not available yet',
  methodUnknown: 'Unknown payment method',
  // A ticker the catalogue offers, but not on the network asked for (ours: the spec shows no text for it).
  assetNotOnNetwork: 'This asset is not offered on this network',
  methodNotForBuying: 'This payment method cannot be used to pay for a trade',
  methodNotForSelling: 'This payment method cannot receive the proceeds of a trade',
  deliveryMethodInvalid: 'Choose how the asset is delivered: deposit or holdings',
  deliveryMethodFiat: 'A payment method delivers USD itself; leave the delivery method empty or payment_method',
  bankMethodRequired: 'Select one payment method',
  bankMethodUnknown: 'Unknown bank method',
  memoNotForPayout: 'A payment method takes no memo',
  // Ours: the "memo for stablecoins" flag is off (docs/feature-flags.md).
  memoNotForStablecoins: 'Stablecoins are sent without a memo',
  amountBelowMinimum: (minimum: string, ticker: string) => `The minimum for this trade is ${minimum} ${ticker}`,
  amountBelowFees: 'Amount must be more than the fees',
  amountAboveTradeMaximum: (maximum: string) => `The maximum for one trade is $${maximum}`,
  weeklyLimitExceeded: (remaining: string) =>
    `This is over your $1000 weekly limit for this method; $${remaining} remains`,
  dailyLimitExceeded: (remaining: string) => `This is over your daily trading limit; $${remaining} remains today`,
  quoteUnknown: 'There is no such quote',
  quoteExpired: 'This quote has expired. Please get a new quote.',
  quoteUsed: 'This quote has already been used. Please get a new quote.',
  priceUnavailable: 'Prices are not available at the moment. Please try again shortly.',
  tooManyQuotes: 'Too many quotes requested. Please wait a moment.',
} as const;

/** The address a quote draft carries for the USD balance (document 1, section 3). */
export const USD_BALANCE_ADDRESS = 'USD balance';

/** Quotes are firm for this long unless QUOTE_TTL_SECONDS says otherwise (5 minutes by default, decision 023). */
export const DEFAULT_QUOTE_TTL_SECONDS = 300;

/** R13: trades are paid with these (sources) and pay out to these (destinations). */
export const RAMP_SOURCE_METHODS = [
  'primex_usd',
  'primex_ach',
  'primex_instant_ach',
] as const satisfies readonly TransferMethodKey[];
export const RAMP_DESTINATION_METHODS = ['primex_usd', 'primex_ach'] as const satisfies readonly TransferMethodKey[];
export type RampSourceMethod = (typeof RAMP_SOURCE_METHODS)[number];
export type RampDestinationMethod = (typeof RAMP_DESTINATION_METHODS)[number];

/** How the sold side reaches us: a payment method (buys), an on-chain deposit or the user's holdings (sells, R14). */
export const SELL_DELIVERY_METHODS = ['payment_method', 'deposit', 'holdings'] as const;
export type SellDeliveryMethod = (typeof SELL_DELIVERY_METHODS)[number];

export const RAMP_SIDES = ['buy', 'sell'] as const;
export type RampSide = (typeof RAMP_SIDES)[number];

// ---------------------------------------------------------------------------------------------------------------
// Limits (document 2, section 9: '$1000 weekly limit for the slowest card or ACH options'; the rest are ours).
// ---------------------------------------------------------------------------------------------------------------

/** All in USD cents. Windows are rolling (the last 7 days, the last 24 hours), not calendar weeks: decision 023. */
export const RAMP_LIMITS = {
  /** Each of WEEKLY_LIMITED_METHODS: what the user moved in by it (deposits and the buys it paid) over 7 days. */
  weeklySlowMethodCents: 100_000n,
  /** Any one trade, whatever the method (the USD balance's "no limits" is about its own speed and fees). */
  perTradeMaxCents: 1_000_000n,
  /** All trades (consumed quotes) over the last 24 hours. */
  dailyTradeMaxCents: 2_500_000n,
  /** The smallest trade, in USD (a sell's USD value at the bid). */
  minTradeCents: 100n,
} as const;

/**
 * The payment methods with a rolling-week limit of `weeklySlowMethodCents`, each its own, counting the deposits by the
 * method and the buys it pays for (decision 053). ACH and card are document 2's slow options; instant ACH is credited
 * before the bank pays, the one pull whose money could leave before it arrives, so it has one too (decision 100).
 */
export const WEEKLY_LIMITED_METHODS = [
  'primex_ach',
  'primex_instant_ach',
  'primex_card',
] as const satisfies readonly TransferMethodKey[];
export type WeeklyLimitedMethod = (typeof WEEKLY_LIMITED_METHODS)[number];
export const isWeeklyLimited = (method: unknown): method is WeeklyLimitedMethod =>
  (WEEKLY_LIMITED_METHODS as readonly unknown[]).includes(method);

export const RAMP_WEEK_MS = 7 * 24 * 3600 * 1000;
export const RAMP_DAY_MS = 24 * 3600 * 1000;

// ---------------------------------------------------------------------------------------------------------------
// Fees per network (ours; decision 023): what delivering an asset on that chain costs, charged in USD cents on buys.
// ---------------------------------------------------------------------------------------------------------------

export const NETWORK_FEES_CENTS: Readonly<Record<string, bigint>> = {
  ethereum: 250n,
  bitcoin: 150n,
  avalanche: 10n,
  binancechain: 10n,
  solana: 1n,
  stellar: 1n,
  xrpl: 1n,
  harmony: 1n,
  vechain: 5n,
  polymesh: 5n,
  chia: 1n,
  icon: 5n,
  qtum: 5n,
  tezos: 2n,
  digitalbits: 1n,
};
/** A network the table does not name. */
export const DEFAULT_NETWORK_FEE_CENTS = 25n;

/** The network fee of delivering on `network` (case-insensitive network id), in USD cents. */
export function networkFeeCents(network: string): bigint {
  return NETWORK_FEES_CENTS[network.toLowerCase()] ?? DEFAULT_NETWORK_FEE_CENTS;
}

// ---------------------------------------------------------------------------------------------------------------
// Prices (decimal strings <-> minor units are money.ts).
// ---------------------------------------------------------------------------------------------------------------

/** Prices (USD per whole unit of an asset) are kept with this many decimals: "60000.12345678". */
export const PRICE_DECIMALS = 8;
export const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** A price's decimal text -> bigint at PRICE_SCALE; null when malformed, more precise than 8 places, or not > 0. */
export function parsePrice(text: string): bigint | null {
  const value = decimalToMinor(text, PRICE_DECIMALS);
  return value !== null && value > 0n ? value : null;
}

/** A price at PRICE_SCALE -> its shortest decimal text with at least 2 places ("1.00", "60000.125"). */
export function formatPrice(scaled: bigint): string {
  const full = minorToDecimal(scaled, PRICE_DECIMALS);
  const [whole, fraction = ''] = full.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

// ---------------------------------------------------------------------------------------------------------------
// The arithmetic of a quote (pure: the API's quote and estimate and the SPA's preview run the same code).
// ---------------------------------------------------------------------------------------------------------------

/** A price as bid (what we pay for the asset) and ask (what we sell it for), at PRICE_SCALE; bid <= ask. */
export interface ScaledPrice {
  bid: bigint;
  ask: bigint;
}

export interface QuoteFigures {
  side: RampSide;
  /** What the user gives, in the sold asset's minor units (USD cents on a buy). */
  sellAmount: bigint;
  /** The fee lines, all in USD cents. */
  methodFee: bigint;
  networkFee: bigint;
  spreadFee: bigint;
  /** What the user receives, in the bought asset's minor units (USD cents on a sell). */
  receiveAmount: bigint;
  /** The market rate used (the middle of bid and ask), USD per unit at PRICE_SCALE, rounded down. */
  rate: bigint;
  /** USD value of the trade before fees (the buy's total; the sell's value at the mid rate), cents. */
  usdValue: bigint;
}

/**
 * A buy: `sellCents` USD in total (fees included) for an asset of `assetDecimals` decimals at `price`.
 * methodFee = the payment method's deposit fee on the total; networkFee = the buy network's fee; the rest, N, is
 * converted at the mid price after the spread: spread = ceil(N * (ask - bid) / (2 * ask)) (what buying at the ask
 * instead of the mid costs), receive = floor((N - spread) * 10^decimals / mid).
 */
export function computeBuy(input: {
  sellCents: bigint;
  method: RampSourceMethod;
  network: string;
  assetDecimals: number;
  price: ScaledPrice;
}): QuoteFigures {
  const { sellCents, price } = input;
  const methodFee = transferFee(input.method, sellCents);
  const networkFee = networkFeeCents(input.network);
  const net = sellCents - methodFee - networkFee;
  const twiceMid = price.bid + price.ask;
  let spreadFee = 0n;
  let receiveAmount = 0n;
  if (net > 0n) {
    spreadFee = ceilDiv(net * (price.ask - price.bid), 2n * price.ask);
    // cents -> units: / 100; price is USD per unit at PRICE_SCALE; mid = twiceMid / 2.
    receiveAmount = ((net - spreadFee) * 10n ** BigInt(input.assetDecimals) * PRICE_SCALE * 2n) / (100n * twiceMid);
  }
  return {
    side: 'buy',
    sellAmount: sellCents,
    methodFee,
    networkFee,
    spreadFee,
    receiveAmount,
    rate: twiceMid / 2n,
    usdValue: sellCents,
  };
}

/**
 * A sell: `sellMinor` of an asset of `assetDecimals` decimals for USD paid to `method`.
 * value = floor(amount * mid) in cents; spread = ceil(amount * (mid - bid)) in cents (what selling at the bid
 * instead of the mid costs); methodFee = the payout method's fee on value - spread; networkFee = 0 (the user's own
 * chain pays a deposit; holdings move inside the custodian); receive = value - spread - methodFee.
 */
export function computeSell(input: {
  sellMinor: bigint;
  method: RampDestinationMethod;
  assetDecimals: number;
  price: ScaledPrice;
}): QuoteFigures {
  const { sellMinor, price } = input;
  const unit = 10n ** BigInt(input.assetDecimals);
  const twiceMid = price.bid + price.ask;
  // amount [minor] / unit * mid [USD at PRICE_SCALE] * 100 [cents per USD]
  const usdValue = (sellMinor * twiceMid * 100n) / (2n * unit * PRICE_SCALE);
  const spreadFee = ceilDiv(sellMinor * (price.ask - price.bid) * 100n, 2n * unit * PRICE_SCALE);
  const afterSpread = usdValue - spreadFee;
  const methodFee = afterSpread > 0n ? transferFee(input.method, afterSpread) : 0n;
  const receiveAmount = afterSpread - methodFee;
  return {
    side: 'sell',
    sellAmount: sellMinor,
    methodFee,
    networkFee: 0n,
    spreadFee,
    receiveAmount: receiveAmount > 0n ? receiveAmount : 0n,
    rate: twiceMid / 2n,
    usdValue,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Wire shapes.
// ---------------------------------------------------------------------------------------------------------------

const Text = z.union([z.string(), z.null()]).optional();
/** The longest ticker taken: the catalogue's are a few characters, and a refusal names the ticker it was sent. */
export const TICKER_MAX_LENGTH = 32;
const Ticker = z.union([z.string().max(TICKER_MAX_LENGTH), z.null()]).optional();
const AmountInput = z.union([z.string(), z.number(), z.null()]).optional();
const IDEM = /^[\x21-\x7e]{1,180}$/;

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** The fields both the quote and the estimate take; the use case checks them against the catalogue. */
const TradeFields = {
  buyAssetTicker: Ticker,
  buyNetwork: Text,
  buyAddress: Text,
  /** Ours: the memo or destination tag, for a network that uses one (validated with the address). */
  buyMemo: Text,
  sellAssetTicker: Ticker,
  sellNetwork: Text,
  sellAmountTotal: AmountInput,
  sellDeliveryMethod: Text,
  sellAddress: Text,
};

function requireTradeFields(
  body: {
    buyAssetTicker?: string | null | undefined;
    buyNetwork?: string | null | undefined;
    sellAssetTicker?: string | null | undefined;
    sellNetwork?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  for (const field of ['buyAssetTicker', 'sellAssetTicker'] as const) {
    if (blank(body[field]))
      ctx.addIssue({ code: 'custom', path: [field], message: RAMP_QUOTE_MESSAGES.tickerRequired });
  }
  for (const field of ['buyNetwork', 'sellNetwork'] as const) {
    if (blank(body[field]))
      ctx.addIssue({ code: 'custom', path: [field], message: RAMP_QUOTE_MESSAGES.networkRequired });
  }
}

/**
 * The ramp quote request of document 1, section 3, plus an optional `buyMemo`. `idemId` is the idempotency key
 * (R16); the quote draft's `idemID` is accepted as the same value (both may be sent when equal).
 */
export const RampQuoteRequest = z
  .object({ ...TradeFields, idemId: Text, idemID: Text })
  .strict()
  .superRefine((body, ctx) => {
    requireTradeFields(body, ctx);
    if (!blank(body.idemId) && !blank(body.idemID) && body.idemId !== body.idemID) {
      ctx.addIssue({ code: 'custom', path: ['idemId'], message: RAMP_QUOTE_MESSAGES.idemIdMismatch });
      return;
    }
    const key = blank(body.idemId) ? body.idemID : body.idemId;
    if (blank(key)) ctx.addIssue({ code: 'custom', path: ['idemId'], message: RAMP_QUOTE_MESSAGES.idemIdRequired });
    else if (!IDEM.test(key ?? ''))
      ctx.addIssue({ code: 'custom', path: ['idemId'], message: RAMP_QUOTE_MESSAGES.idemIdInvalid });
  })
  .meta({ id: 'RampQuoteRequest' });
export type RampQuoteRequest = z.infer<typeof RampQuoteRequest>;

/** `/api/ramp/trade-estimate`: the same fields without the key; addresses are optional (checked when given). */
export const TradeEstimateRequest = z
  .object(TradeFields)
  .strict()
  .superRefine((body, ctx) => requireTradeFields(body, ctx))
  .meta({ id: 'TradeEstimateRequest' });
export type TradeEstimateRequest = z.infer<typeof TradeEstimateRequest>;

export const FEE_KINDS = ['method', 'network', 'spread'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

export const RampFeeLine = z
  .object({
    kind: z.enum(FEE_KINDS),
    /** English label; the SPA translates by kind. */
    label: z.string(),
    assetTicker: z.literal('USD'),
    amount: z.string(),
  })
  .meta({ id: 'RampFeeLine' });
export type RampFeeLine = z.infer<typeof RampFeeLine>;

/** The figures of a quote or an estimate. */
export const TradeFigures = z
  .object({
    side: z.enum(RAMP_SIDES),
    sellAssetTicker: z.string(),
    sellNetwork: z.string(),
    sellAmountTotal: z.string(),
    sellDeliveryMethod: z.enum(SELL_DELIVERY_METHODS),
    buyAssetTicker: z.string(),
    buyNetwork: z.string(),
    /** What the user receives, in the bought asset's decimals. */
    receiveAmount: z.string(),
    /** The crypto asset's price: USD per unit (the middle of bid and ask); "1.00" for stablecoins. */
    rate: z.string(),
    rateAssetTicker: z.string(),
    /** Method, network and spread, each apart, in USD (zero lines included). */
    fees: z.array(RampFeeLine),
    totalFees: z.string(),
    /** The payment method of the trade (R13): the source of a buy, the destination of a sell. */
    paymentMethod: z.string(),
  })
  .meta({ id: 'TradeFigures' });
export type TradeFigures = z.infer<typeof TradeFigures>;

export const RampQuote = TradeFigures.extend({
  quoteId: z.string(),
  idemId: z.string(),
  buyAddress: z.string(),
  buyMemo: z.string().nullable(),
  sellAddress: z.string().nullable(),
  createdAt: z.string(),
  /** Firm until then (ISO 8601); single use. */
  expiresAt: z.string(),
}).meta({ id: 'RampQuote' });
export type RampQuote = z.infer<typeof RampQuote>;

/** `replayed`: the same idemId and body came before; this is the quote it made then. */
export const RampQuoteReply = z.object({ quote: RampQuote, replayed: z.boolean() }).meta({ id: 'RampQuoteReply' });
export type RampQuoteReply = z.infer<typeof RampQuoteReply>;

export const TradeEstimateReply = z.object({ estimate: TradeFigures }).meta({ id: 'TradeEstimateReply' });
export type TradeEstimateReply = z.infer<typeof TradeEstimateReply>;

export const LIMIT_KINDS = ['weekly_method', 'daily_trades', 'per_trade'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const RampLimit = z
  .object({
    kind: z.enum(LIMIT_KINDS),
    /** The payment method key the limit is about, or null for limits over every method. */
    method: z.string().nullable(),
    /** Rolling window length in hours (168, 24), null for a per-trade limit. */
    windowHours: z.number().int().nullable(),
    limit: z.string(),
    used: z.string(),
    remaining: z.string(),
    /** When some of `used` leaves the window (the oldest counted item's time + the window), or null. */
    nextReleaseAt: z.string().nullable(),
  })
  .meta({ id: 'RampLimit' });
export type RampLimit = z.infer<typeof RampLimit>;

/** `/api/ramp/limits`: optionally for one method key; every limit when omitted. */
export const RampLimitsRequest = z.object({ method: Text }).strict().optional().meta({ id: 'RampLimitsRequest' });
export type RampLimitsRequest = z.infer<typeof RampLimitsRequest>;

export const RampLimitsReply = z
  .object({ assetTicker: z.literal('USD'), minimumTrade: z.string(), limits: z.array(RampLimit) })
  .meta({ id: 'RampLimitsReply' });
export type RampLimitsReply = z.infer<typeof RampLimitsReply>;
