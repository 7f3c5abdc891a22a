import { trackingPath, type OrderStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { enqueueOutbox } from '../../providers/mail/outbox';
import { fromMinorUnits } from '../ledger';
import { findUserContact } from '../transfers/repository';
import type { OrdersContext } from './context';
import { renderOrderMail } from './mail-templates';
import { insertTransition, updateOrder, type OrderRow } from './repository';

/** The moves section 5 allows; anything else is a bug, not a user error. */
const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_funds: ['funds_received', 'cancelled', 'expired', 'failed'],
  funds_received: ['delivering', 'failed'],
  delivering: ['completed', 'failed'],
  awaiting_deposit: ['deposit_received', 'cancelled', 'expired'],
  deposit_received: ['paying_out', 'failed'],
  paying_out: ['completed', 'failed'],
  failed: ['refunded'],
  completed: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

/**
 * Moves a locked order to `to` inside the caller's transaction: the row, its transition, and the mail with the
 * tracking link (the outbox sends it after commit). The caller posts the ledger and enqueues the next job in the
 * same transaction.
 */
export async function moveOrder(tx: Queryable, ctx: Pick<OrdersContext, 'jobs' | 'origin'>, row: OrderRow, to: OrderStatus, reason: string, now: Date, patch: Parameters<typeof updateOrder>[2] = {}): Promise<OrderRow> {
  if (!ALLOWED[row.status].includes(to)) throw new Error(`order ${row.id}: ${row.status} -> ${to} is not a move`);
  const terminalReason = to === 'failed' || to === 'cancelled' || to === 'expired' || to === 'refunded' ? reason : row.reason;
  const moved = await updateOrder(tx, row.id, { ...patch, status: to, reason: terminalReason }, now);
  await insertTransition(tx, row.id, row.status, to, reason, now);
  await mailState(tx, ctx, moved, now);
  return moved;
}

/** The first state of a new order (no mail for the intermediate instant states of one transaction is skipped). */
export async function enterFirstState(tx: Queryable, ctx: Pick<OrdersContext, 'jobs' | 'origin'>, row: OrderRow, reason: string, now: Date): Promise<void> {
  await insertTransition(tx, row.id, null, row.status, reason, now);
  await mailState(tx, ctx, row, now);
}

async function mailState(tx: Queryable, ctx: Pick<OrdersContext, 'jobs' | 'origin'>, row: OrderRow, now: Date): Promise<void> {
  const contact = await findUserContact(tx, row.user_id);
  if (!contact) return;
  const mail = renderOrderMail(contact.locale, row.status, {
    side: row.side,
    sell: `${fromMinorUnits(row.sell_amount, row.sell_asset)} ${row.sell_asset}`,
    receive: `${fromMinorUnits(row.receive_amount, row.buy_asset)} ${row.buy_asset}`,
    link: `${ctx.origin}${trackingPath(row.tracking_id)}`,
    txHash: row.tx_hash,
  });
  await enqueueOutbox(tx, ctx.jobs, { channel: 'email', to: contact.email, template: `order-${row.status}`, locale: contact.locale, ...mail }, now);
}
