import { z } from 'zod';
import { CodeDeliveryDetails, OneTimeCode } from './identity-codes';
import { FEE_KINDS, RAMP_SIDES, SELL_DELIVERY_METHODS } from './ramp-quotes';

/**
 * Ramp orders, public tracking and short links (docs/design-brief.md, section 5; R13, R14, R16;
 * decision 024). Routes (all POST under /api unless said otherwise):
 *
 * | path                                         | who                 | body                 | reply                  |
 * |----------------------------------------------|---------------------|----------------------|------------------------|
 * | /api/ramp/order-challenge                    | signed in, opened   | OrderChallengeRequest| OrderChallengeReply    |
 * | /api/ramp/order                              | signed in, opened   | CreateOrderRequest   | OrderReply             |
 * | /api/ramp/cancel                             | signed in (owner)   | OrderIdRequest       | OrderReply             |
 * | /api/ramp/order-get                          | signed in (owner)   | OrderIdRequest       | OrderReply             |
 * | /api/ramp/orders                             | signed in           | OrderListRequest     | OrderListReply         |
 * | /api/ramp/tracking (also ?tracking_id=)      | public              | TrackingRequest      | TrackingReply          |
 * | GET /api/ramp/tracking?tracking_id=          | public              | -                    | TrackingReply          |
 * | GET /api/r/:shortId                          | public              | -                    | ShortLinkReply         |
 * | /api/primetrust-sandbox-receive-order-deposit| signed in, sandbox  | OrderIdRequest       | OrderReply             |
 *
 * An order is made from a quote (`/api/ramp/quote`) and consumes it: the same quoteId twice gives the same order
 * back (`replayed: true`), so the quote id is the order's idempotency key. Another user's order id answers 404
 * `order_unknown`; an unknown tracking id or short id answers 404 as well. Amounts are decimal strings in the
 * asset's own decimals (USD: 2); fee lines are USD.
 *
 * Buy: awaiting_funds -> funds_received -> delivering -> completed (paid from the USD balance it starts at
 * funds_received). Sell: awaiting_deposit -> deposit_received -> paying_out -> completed (from holdings it starts
 * at deposit_received). Exits: cancelled, expired, failed -> refunded.
 */

export const ORDER_STATUSES = [
  'awaiting_funds',
  'funds_received',
  'delivering',
  'awaiting_deposit',
  'deposit_received',
  'paying_out',
  'completed',
  'cancelled',
  'expired',
  'failed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States in which nothing more happens (the tracking page stops polling). */
export const ORDER_FINAL_STATUSES = [
  'completed',
  'cancelled',
  'expired',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** States from which `/api/ramp/cancel` works (funds not committed yet). */
export const ORDER_CANCELLABLE_STATUSES = [
  'awaiting_funds',
  'awaiting_deposit',
] as const satisfies readonly OrderStatus[];

/** The happy path of each side, in order (the timeline shows these steps, done or not). */
export const ORDER_STEPS = {
  buy: ['awaiting_funds', 'funds_received', 'delivering', 'completed'],
  sell: ['awaiting_deposit', 'deposit_received', 'paying_out', 'completed'],
} as const satisfies Record<(typeof RAMP_SIDES)[number], readonly OrderStatus[]>;

export const ORDER_MESSAGES = {
  quoteIdRequired: 'A quote is required',
  orderUnknown: 'There is no such order',
  notCancellable: 'This order can no longer be cancelled',
  trackingIdRequired: 'A tracking id is required',
  trackingUnknown: 'There is no order with this tracking id',
  shortLinkUnknown: 'This link is not valid',
  insufficientFunds: 'Your USD balance is not enough for this order',
  insufficientHoldings: 'Your holdings of this asset are not enough for this order',
  notAwaitingDeposit: 'This order is not waiting for a deposit',
  // The orders list's `cursor` that is not a `nextCursor` this server gave.
  cursorInvalid: 'This page cursor is not valid',
  // Document 2, section 8 (shown when an order cannot be placed).
  failedToExecute: 'Failed to execute your transaction. Please create a new transaction',
} as const;

const ID_TEXT = z.string({ error: ORDER_MESSAGES.orderUnknown });

const QUOTE_ID = z
  .string({ error: ORDER_MESSAGES.quoteIdRequired })
  .trim()
  .min(1, { error: ORDER_MESSAGES.quoteIdRequired })
  .max(100);

/**
 * `/api/ramp/order`: place an order from a quote of the caller (single use; the quote id is the idempotency key).
 * R2 step-up: `code` is the caller's second factor for this trade (the authenticator code when set up, else the
 * code `/api/ramp/order-challenge` sent by email or SMS). A replay of an order already placed needs no new code.
 */
export const CreateOrderRequest = z
  .object({ quoteId: QUOTE_ID, code: OneTimeCode })
  .strict()
  .meta({ id: 'CreateOrderRequest' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** The second factors a trade is confirmed with (R2): the same the user signs in with. */
export const STEP_UP_CHALLENGES = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP'] as const;
export type StepUpChallenge = (typeof STEP_UP_CHALLENGES)[number];

/** `/api/ramp/order-challenge`: starts the step-up for one of the caller's open quotes (sends the code if emailed/SMS). */
export const OrderChallengeRequest = z.object({ quoteId: QUOTE_ID }).strict().meta({ id: 'OrderChallengeRequest' });
export type OrderChallengeRequest = z.infer<typeof OrderChallengeRequest>;

/** Which factor to enter; where the code went when one was sent (none for the authenticator app). */
export const OrderChallengeReply = z
  .object({ challengeName: z.enum(STEP_UP_CHALLENGES), codeDeliveryDetails: CodeDeliveryDetails.optional() })
  .meta({ id: 'OrderChallengeReply' });
export type OrderChallengeReply = z.infer<typeof OrderChallengeReply>;

/** `/api/ramp/cancel`, `/api/ramp/order-get`, the sandbox deposit: one of the caller's orders. */
export const OrderIdRequest = z
  .object({ orderId: ID_TEXT.trim().min(1, { error: ORDER_MESSAGES.orderUnknown }).max(100) })
  .strict()
  .meta({ id: 'OrderIdRequest' });
export type OrderIdRequest = z.infer<typeof OrderIdRequest>;

/** `/api/ramp/orders`: the caller's orders, newest first. */
export const OrderListRequest = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    side: z.enum(RAMP_SIDES).optional(),
  })
  .strict()
  .optional()
  .meta({ id: 'OrderListRequest' });
export type OrderListRequest = z.infer<typeof OrderListRequest>;

/** `/api/ramp/tracking`: `tracking_id` (document 2) or `trackingId`; the query `?tracking_id=` works as well. */
export const TrackingRequest = z
  .object({ tracking_id: z.string().max(200).optional(), trackingId: z.string().max(200).optional() })
  .strict()
  .optional()
  .meta({ id: 'TrackingRequest' });
export type TrackingRequest = z.infer<typeof TrackingRequest>;

export const OrderFeeLine = z
  .object({ kind: z.enum(FEE_KINDS), label: z.string(), assetTicker: z.literal('USD'), amount: z.string() })
  .meta({ id: 'OrderFeeLine' });
export type OrderFeeLine = z.infer<typeof OrderFeeLine>;

/** One step of the timeline: the state entered and when (ISO 8601). */
export const OrderTimelineEntry = z
  .object({ status: z.enum(ORDER_STATUSES), at: z.string() })
  .meta({ id: 'OrderTimelineEntry' });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** What anyone with the tracking id sees: no user data, no addresses beyond the chain's public ones. */
export const PublicOrder = z
  .object({
    trackingId: z.string(),
    shortId: z.string(),
    side: z.enum(RAMP_SIDES),
    status: z.enum(ORDER_STATUSES),
    sellAssetTicker: z.string(),
    sellNetwork: z.string(),
    sellAmountTotal: z.string(),
    sellDeliveryMethod: z.enum(SELL_DELIVERY_METHODS),
    buyAssetTicker: z.string(),
    buyNetwork: z.string(),
    receiveAmount: z.string(),
    rate: z.string(),
    fees: z.array(OrderFeeLine),
    totalFees: z.string(),
    /** The on-chain transaction: the delivery of a buy, the detected deposit of a sell; null until there is one. */
    txHash: z.string().nullable(),
    confirmations: z.number().int(),
    /** Confirmations the network needs before the order moves on. */
    requiredConfirmations: z.number().int(),
    /** Every state entered, oldest first. */
    timeline: z.array(OrderTimelineEntry),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Until then an awaiting order waits for funds or a deposit, then it expires; null once past waiting. */
    expiresAt: z.string().nullable(),
    /** A short English reason for failed, cancelled, expired, refunded (the SPA translates by status). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'PublicOrder' });
export type PublicOrder = z.infer<typeof PublicOrder>;

/** The owner's view: the public view plus the order id, addresses, memo and where the money goes. */
export const RampOrder = PublicOrder.extend({
  orderId: z.string(),
  quoteId: z.string(),
  /** The payment method key of the trade (R13): the source of a buy, the destination of a sell. */
  paymentMethod: z.string(),
  buyAddress: z.string(),
  buyMemo: z.string().nullable(),
  /** A sell by deposit: where to send the asset, the memo/tag to add (memo networks), and the minimum deposit. */
  depositAddress: z.string().nullable(),
  depositMemo: z.string().nullable(),
  /** A sell by deposit: how much of the asset has arrived at the deposit address so far; null while nothing has. */
  depositReceived: z.string().nullable(),
  minimumDeposit: z.string().nullable(),
  /** The path of the public tracking page: `/trade/track?tracking_id=...`; the short link: `/r/<shortId>`. */
  trackingUrl: z.string(),
  shortUrl: z.string(),
  /** A buy paid by ACH / instant ACH, or a sell paid out by ACH: the transfer that moves the USD. */
  transferId: z.string().nullable(),
}).meta({ id: 'RampOrder' });
export type RampOrder = z.infer<typeof RampOrder>;

/** `replayed`: the quote had already made this order (same caller). */
export const OrderReply = z.object({ order: RampOrder, replayed: z.boolean() }).meta({ id: 'OrderReply' });
export type OrderReply = z.infer<typeof OrderReply>;

export const OrderListReply = z
  .object({ orders: z.array(RampOrder), nextCursor: z.string().nullable() })
  .meta({ id: 'OrderListReply' });
export type OrderListReply = z.infer<typeof OrderListReply>;

export const TrackingReply = z.object({ order: PublicOrder }).meta({ id: 'TrackingReply' });
export type TrackingReply = z.infer<typeof TrackingReply>;

/** `GET /api/r/:shortId`: the SPA route /r/:shortId navigates to `/trade/track?tracking_id=<trackingId>`. */
export const ShortLinkReply = z
  .object({ trackingId: z.string(), trackingUrl: z.string() })
  .meta({ id: 'ShortLinkReply' });
export type ShortLinkReply = z.infer<typeof ShortLinkReply>;

/** The SPA's tracking path for a tracking id. */
export function trackingPath(trackingId: string): string {
  return `/trade/track?tracking_id=${encodeURIComponent(trackingId)}`;
}

/** Tracking ids are 22 base64url characters (128 random bits); short ids 10 (60 random bits). */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const SHORT_ID_PATTERN = /^[A-Za-z0-9_-]{10}$/;
