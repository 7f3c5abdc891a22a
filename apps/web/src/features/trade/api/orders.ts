import {
  OrderChallengeReply,
  OrderReply,
  ShortLinkReply,
  TrackingReply,
  type PublicOrder,
  type RampOrder,
} from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /ramp/order {quoteId, code}: places the order of a firm quote with the step-up code (R2, decision 027). The
 * quote id is the idempotency key (decision 024): the same request again answers the same order, without spending a
 * second code, so a retry after a lost reply places nothing twice (R16).
 */
export function placeOrder(api: ApiClient, quoteId: string, code: string): Promise<OrderReply> {
  return api.request('/ramp/order', { body: { quoteId, code }, retry: true, schema: OrderReply });
}

/**
 * POST /ramp/order-challenge {quoteId}: which second factor confirms this trade; an emailed or SMS code is sent by
 * this call, so it is not retried (a retry would send a second code).
 */
export function startOrderChallenge(api: ApiClient, quoteId: string): Promise<OrderChallengeReply> {
  return api.request('/ramp/order-challenge', { body: { quoteId }, schema: OrderChallengeReply });
}

/** POST /ramp/order-get: one of the caller's orders. A read: retries (R16). */
export function getOrder(api: ApiClient, orderId: string, signal?: AbortSignal): Promise<RampOrder> {
  return api
    .request('/ramp/order-get', { body: { orderId }, retry: true, signal, schema: OrderReply })
    .then((reply) => reply.order);
}

/** POST /ramp/tracking {tracking_id}: an order's public view (no session needed). A read: retries (R16). */
export function getTracking(api: ApiClient, trackingId: string, signal?: AbortSignal): Promise<PublicOrder> {
  return api
    .request('/ramp/tracking', { body: { tracking_id: trackingId }, retry: true, signal, schema: TrackingReply })
    .then((reply) => reply.order);
}

/** GET /r/:shortId: the tracking id behind a short link. */
export function resolveShortLink(api: ApiClient, shortId: string, signal?: AbortSignal): Promise<ShortLinkReply> {
  return api.request(`/r/${encodeURIComponent(shortId)}`, {
    method: 'GET',
    retry: true,
    signal,
    schema: ShortLinkReply,
  });
}

/** The destination of a buy: its address and memo or tag. */
export interface BuyDestination {
  address: string;
  memo: string;
}

/**
 * The buy page reads the caller's newest 20 orders for the address of the last buy on each network (decision 059:
 * the user's own orders on the server, so every device offers the same address), through lib/queries/orders.ts.
 */
export const PAST_ORDERS = 20;

/** Where the newest buy on `network` was sent (orders come newest first); null when there is none. */
export function lastBuyDestination(orders: readonly RampOrder[] | undefined, network: string): BuyDestination | null {
  const last = orders?.find((order) => order.side === 'buy' && order.buyNetwork === network && order.buyAddress !== '');
  return last ? { address: last.buyAddress, memo: last.buyMemo ?? '' } : null;
}
