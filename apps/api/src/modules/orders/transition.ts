import { trackingPath, type OrderStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { enqueueOutbox } from '../../providers/mail/outbox';
import { fromMinorUnits } from '../ledger';
import { findUserContact } from '../identity';
import type { OrdersContext } from './context';
import { renderOrderMail } from './mail-templates';
import { shortPath } from './view';
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
 * The changes that are mailed (docs/decisions/058-order-mails-and-cancel.md): an order's end, and (see
 * `enterFirstState`) a new order that waits for the user. The steps in between (payment received, delivering,
 * deposit received, paying out) are on the tracking page, not in the inbox: one instant buy sends one mail.
 */
const MAILED: readonly OrderStatus[] = ['completed', 'cancelled', 'expired', 'failed', 'refunded'];

/**
 * Moves a locked order to `to` inside the caller's transaction: the row, its transition, and, for an end, the mail
 * with the tracking link (the outbox sends it after commit). A failure refunded in the same transaction passes
 * `{ mail: false }`: the refund's mail tells both. The caller posts the ledger and enqueues the next job in the
 * same transaction.
 */
export async function moveOrder(
  tx: Queryable,
  ctx: Pick<OrdersContext, 'jobs' | 'origin'>,
  row: OrderRow,
  to: OrderStatus,
  reason: string,
  now: Date,
  patch: Parameters<typeof updateOrder>[2] = {},
  options: { mail?: boolean } = {},
): Promise<OrderRow> {
  if (!ALLOWED[row.status].includes(to)) throw new Error(`order ${row.id}: ${row.status} -> ${to} is not a move`);
  const terminalReason =
    to === 'failed' || to === 'cancelled' || to === 'expired' || to === 'refunded' ? reason : row.reason;
  const moved = await updateOrder(tx, row.id, { ...patch, status: to, reason: terminalReason }, now);
  await insertTransition(tx, row.id, row.status, to, reason, now);
  if (MAILED.includes(to) && options.mail !== false) await mailState(tx, ctx, moved, now);
  return moved;
}

/**
 * The first state of a new order. It is mailed only when the order now waits for the user (a deposit to send, an
 * ACH payment to clear): an order paid at once goes on in the same transaction and is mailed when it ends.
 */
export async function enterFirstState(
  tx: Queryable,
  ctx: Pick<OrdersContext, 'jobs' | 'origin'>,
  row: OrderRow,
  reason: string,
  now: Date,
  waitsForUser: boolean,
): Promise<void> {
  await insertTransition(tx, row.id, null, row.status, reason, now);
  if (waitsForUser) await mailState(tx, ctx, row, now);
}

async function mailState(
  tx: Queryable,
  ctx: Pick<OrdersContext, 'jobs' | 'origin'>,
  row: OrderRow,
  now: Date,
): Promise<void> {
  const contact = await findUserContact(tx, row.user_id);
  if (!contact) return;
  const mail = renderOrderMail(contact.locale, row.status, {
    side: row.side,
    sell: `${fromMinorUnits(row.sell_amount, row.sell_asset)} ${row.sell_asset}`,
    receive: `${fromMinorUnits(row.receive_amount, row.buy_asset)} ${row.buy_asset}`,
    link: `${ctx.origin}${trackingPath(row.tracking_id)}`,
    shortLink: `${ctx.origin}${shortPath(row.short_id)}`,
    txHash: row.tx_hash,
  });
  await enqueueOutbox(
    tx,
    ctx.jobs,
    { channel: 'email', to: contact.email, template: `order-${row.status}`, locale: contact.locale, ...mail },
    now,
  );
}
