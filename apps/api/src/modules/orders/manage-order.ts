import {
  ORDER_CANCELLABLE_STATUSES,
  type OrderListReply,
  type OrderListRequest,
  type OrderReply,
  type ShortLinkReply,
  type TrackingReply,
  SHORT_ID_PATTERN,
  TRACKING_ID_PATTERN,
  trackingPath,
  ORDER_MESSAGES,
  TRANSFER_SANDBOX_MESSAGES,
  type SandboxTestSellReply,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { LEDGER_TRANSACTION_OPTIONS } from '../ledger';
import { sandboxTxHash } from '../../providers/chain-gateway/sandbox';
import { cancelLocked, findTransfer } from '../transfers';
import type { OrdersContext } from './context';
import { holdForOrder, postSellDeposit } from './money';
import { queuePayout } from './order-jobs';
import {
  findOrderByDepositKey,
  findOrderByShortId,
  findOrderByTracking,
  findOrderOfUser,
  listOrdersOfUser,
  listTransitions,
  newestOrderAwaitingDeposit,
  setDepositReceived,
  type OrderRow,
} from './repository';
import { moveOrder } from './transition';
import { toPublicOrder, toRampOrder } from './view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CANCELLABLE: readonly string[] = ORDER_CANCELLABLE_STATUSES;

async function ownOrder(q: Queryable, userGuid: string, orderId: string, forUpdate = false): Promise<OrderRow> {
  const id = orderId.trim().toLowerCase();
  const row = UUID.test(id) ? await findOrderOfUser(q, userGuid, id, { forUpdate }) : null;
  if (!row) throw new AppError('order_unknown');
  return row;
}

async function reply(q: Queryable, row: OrderRow): Promise<OrderReply> {
  return { order: toRampOrder(row, await listTransitions(q, row.id)), replayed: false };
}

/** `/api/ramp/order-get`: one of the caller's orders (another user's id: 404 order_unknown). */
export async function getOrder(ctx: OrdersContext, userGuid: string, orderId: string): Promise<OrderReply> {
  return reply(ctx.db, await ownOrder(ctx.db, userGuid, orderId));
}

/** `/api/ramp/orders`: the caller's orders, newest first, a page at a time. */
export async function listOrders(
  ctx: OrdersContext,
  userGuid: string,
  body: OrderListRequest,
): Promise<OrderListReply> {
  const limit = body?.limit ?? 20;
  let before: { at: Date; id: string } | null = null;
  if (body?.cursor) {
    const [at, id] = Buffer.from(body.cursor, 'base64url').toString('utf8').split('|');
    const date = new Date(at ?? '');
    if (Number.isNaN(date.getTime()) || !UUID.test(id ?? ''))
      throw AppError.validation({ cursor: ORDER_MESSAGES.cursorInvalid });
    before = { at: date, id: id! };
  }
  const rows = await listOrdersOfUser(ctx.db, userGuid, {
    limit: limit + 1,
    before,
    ...(body?.side ? { side: body.side } : {}),
  });
  const page = rows.slice(0, limit);
  const orders = await Promise.all(page.map(async (r) => toRampOrder(r, await listTransitions(ctx.db, r.id))));
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url')
      : null;
  return { orders, nextCursor };
}

/**
 * `/api/ramp/cancel`: the owner cancels an order whose funds are not committed: awaiting_funds (its pending ACH
 * deposit is cancelled too; an instant ACH whose money is in is past that) or awaiting_deposit. Otherwise 409.
 */
export async function cancelOrder(ctx: OrdersContext, userGuid: string, orderId: string): Promise<OrderReply> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownOrder(tx, userGuid, orderId, true);
    if (!CANCELLABLE.includes(row.status)) throw new AppError('order_not_cancellable');
    if (row.transfer_id) {
      const transfer = await findTransfer(tx, row.transfer_id, { forUpdate: true });
      if (transfer && (transfer.funds_available || transfer.status === 'settled'))
        throw new AppError('order_not_cancellable');
      if (transfer?.status === 'pending') await cancelLocked(tx, ctx, transfer, 'The order it paid for was cancelled');
    }
    return reply(tx, await moveOrder(tx, ctx, row, 'cancelled', 'Cancelled by the user', ctx.clock.now()));
  }, LEDGER_TRANSACTION_OPTIONS);
}

/**
 * `/api/primetrust-sandbox-receive-order-deposit` (sandbox only): the chain reports the order's deposit: the asset
 * arrives in the user's holdings with a transaction id, is held for the order (deposit_received) and the payout job
 * is queued. 409 when the order is not waiting for a deposit.
 */
export async function receiveOrderDeposit(
  ctx: OrdersContext,
  userGuid: string,
  orderId: string,
  depositKey?: string,
): Promise<OrderReply> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownOrder(tx, userGuid, orderId, true);
    // The same test sell call again (decision 049): the deposit it brought, as it is now.
    if (depositKey !== undefined && row.deposit_key === depositKey)
      return { ...(await reply(tx, row)), replayed: true };
    if (row.status !== 'awaiting_deposit') throw new AppError('order_not_awaiting_deposit');
    const now = ctx.clock.now();
    const txHash = sandboxTxHash(row.sell_network, `deposit:${row.id}`);
    await postSellDeposit(tx, row, txHash);
    await setDepositReceived(tx, row.id, row.sell_amount);
    const holdId = await holdForOrder(tx, row);
    const moved = await moveOrder(tx, ctx, row, 'deposit_received', 'The deposit arrived', now, {
      hold_id: holdId,
      ...(depositKey === undefined ? {} : { deposit_key: depositKey }),
      tx_hash: txHash,
      sent_at: now,
      confirmations: row.required_confirmations,
    });
    await queuePayout(tx, ctx, row.id);
    return reply(tx, moved);
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** `/api/ramp/tracking`: the public view by tracking id (anyone who has it; 404 otherwise). */
export async function trackOrder(ctx: OrdersContext, trackingId: string | undefined): Promise<TrackingReply> {
  const id = (trackingId ?? '').trim();
  if (id === '') throw AppError.validation({ tracking_id: ORDER_MESSAGES.trackingIdRequired });
  const row = TRACKING_ID_PATTERN.test(id) ? await findOrderByTracking(ctx.db, id) : null;
  if (!row) throw new AppError('tracking_unknown');
  return { order: toPublicOrder(row, await listTransitions(ctx.db, row.id)) };
}

/** `GET /api/r/:shortId`: the tracking id behind a short link. */
export async function resolveShortLink(ctx: OrdersContext, shortId: string): Promise<ShortLinkReply> {
  const row = SHORT_ID_PATTERN.test(shortId) ? await findOrderByShortId(ctx.db, shortId) : null;
  if (!row) throw new AppError('short_link_unknown');
  return { trackingId: row.tracking_id, trackingUrl: trackingPath(row.tracking_id) };
}

/**
 * The sandbox's test sell flow (document 1, section 2; decision 028): when the caller has a sell order waiting for
 * its on-chain deposit, the newest one's deposit arrives (as `receiveOrderDeposit`), and the order goes on to its
 * payout through the normal jobs. Null when none waits (the transfers module's ledger-only flow runs instead).
 * With the call's Idempotency-Key (`depositKey`) the order remembers it: a retry of that call gives the same order
 * back rather than finding none waiting and selling 100 USDC on top (decision 049).
 */
export async function sandboxSellOrderDeposit(
  ctx: OrdersContext,
  userGuid: string,
  depositKey?: string,
): Promise<SandboxTestSellReply | null> {
  const earlier = depositKey === undefined ? null : await findOrderByDepositKey(ctx.db, userGuid, depositKey);
  const waiting = earlier ?? (await newestOrderAwaitingDeposit(ctx.db, userGuid));
  if (!waiting) return null;
  const { order } = await receiveOrderDeposit(ctx, userGuid, waiting.id, depositKey);
  return {
    message: TRANSFER_SANDBOX_MESSAGES.testSellOrderDeposit,
    assetTicker: order.sellAssetTicker,
    assetAmount: order.sellAmountTotal,
    usdAmount: order.receiveAmount,
    transactionIds: [],
    orderId: order.orderId,
    trackingId: order.trackingId,
  };
}
