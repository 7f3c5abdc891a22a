import type { Queryable } from '../db';
import { fromMinorUnits } from '../modules/ledger';
import { notFound, usageError } from './errors';
import { UUID } from './find-user';
import { fields, section, table } from './format';
import { jobsWithData, type JobView } from './job-rows';

const TRACKING_ID = /^[A-Za-z0-9_-]{22}$/;
const SHORT_ID = /^[A-Za-z0-9_-]{10}$/;
const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export interface OrderReport {
  order: {
    orderId: string;
    trackingId: string;
    shortId: string;
    side: string;
    status: string;
    reason: string | null;
    paymentMethod: string;
    sellDeliveryMethod: string;
    sell: { amount: string; asset: string; network: string };
    receive: { amount: string; asset: string; network: string };
    fees: { method: string; network: string; spread: string; asset: string };
    buyAddress: string;
    buyMemo: string | null;
    depositAddress: string | null;
    txHash: string | null;
    confirmations: number;
    requiredConfirmations: number;
    transferId: string | null;
    createdAt: string | null;
    updatedAt: string | null;
    expiresAt: string | null;
  };
  user: { userGuid: string; email: string };
  timeline: { at: string | null; from: string | null; to: string; reason: string }[];
  /** The queue's jobs for this order (and for the transfer that pays it), live and archived. */
  jobs: JobView[];
}

interface OrderRow {
  id: string;
  user_id: string;
  email: string;
  tracking_id: string;
  short_id: string;
  side: string;
  status: string;
  reason: string | null;
  payment_method: string;
  sell_delivery_method: string;
  sell_asset: string;
  sell_network: string;
  sell_amount: bigint;
  buy_asset: string;
  buy_network: string;
  receive_amount: bigint;
  method_fee: bigint;
  network_fee: bigint;
  spread_fee: bigint;
  buy_address: string;
  buy_memo: string | null;
  deposit_address: string | null;
  tx_hash: string | null;
  confirmations: number;
  required_confirmations: number;
  transfer_id: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date | null;
  [key: string]: unknown;
}

/** `admin order <orderId|trackingId|shortId>`: the order, its timeline and its jobs, read-only. */
export async function lookupOrder(ctx: { db: Queryable }, ref: string): Promise<OrderReport> {
  const query = ref.trim();
  const column = UUID.test(query)
    ? 'id'
    : TRACKING_ID.test(query)
      ? 'tracking_id'
      : SHORT_ID.test(query)
        ? 'short_id'
        : null;
  if (!column)
    throw usageError(
      `"${ref}" is not an order id (a uuid), a tracking id (22 characters) or a short id (10 characters)`,
    );
  const { rows } = await ctx.db.query<OrderRow>(
    `SELECT o.*, u.email FROM ramp_orders o JOIN users u ON u.id = o.user_id WHERE o.${column} = $1`,
    [column === 'id' ? query.toLowerCase() : query],
  );
  const o = rows[0];
  if (!o)
    throw notFound(
      `No order with ${column === 'id' ? 'order id' : column === 'tracking_id' ? 'tracking id' : 'short id'} ${query}`,
    );
  const transitions = await ctx.db.query<{ from_status: string | null; to_status: string; reason: string; at: Date }>(
    'SELECT from_status, to_status, reason, at FROM ramp_order_transitions WHERE order_id = $1 ORDER BY id',
    [o.id],
  );
  // Fees are in US dollars on every order (the quote's fee lines: assetTicker USD).
  const money = (value: bigint, asset: string) => fromMinorUnits(BigInt(value), asset);
  return {
    order: {
      orderId: o.id,
      trackingId: o.tracking_id,
      shortId: o.short_id,
      side: o.side,
      status: o.status,
      reason: o.reason,
      paymentMethod: o.payment_method,
      sellDeliveryMethod: o.sell_delivery_method,
      sell: { amount: money(o.sell_amount, o.sell_asset), asset: o.sell_asset, network: o.sell_network },
      receive: { amount: money(o.receive_amount, o.buy_asset), asset: o.buy_asset, network: o.buy_network },
      fees: {
        method: money(o.method_fee, 'USD'),
        network: money(o.network_fee, 'USD'),
        spread: money(o.spread_fee, 'USD'),
        asset: 'USD',
      },
      buyAddress: o.buy_address,
      buyMemo: o.buy_memo,
      depositAddress: o.deposit_address,
      txHash: o.tx_hash,
      confirmations: Number(o.confirmations),
      requiredConfirmations: Number(o.required_confirmations),
      transferId: o.transfer_id,
      createdAt: iso(o.created_at),
      updatedAt: iso(o.updated_at),
      expiresAt: iso(o.expires_at),
    },
    user: { userGuid: o.user_id, email: o.email },
    timeline: transitions.rows.map((t) => ({ at: iso(t.at), from: t.from_status, to: t.to_status, reason: t.reason })),
    jobs: await jobsWithData(ctx.db, [{ orderId: o.id }, ...(o.transfer_id ? [{ transferId: o.transfer_id }] : [])]),
  };
}

export function renderOrderReport(r: OrderReport): string {
  const o = r.order;
  return [
    section(
      'Order',
      fields([
        ['order id', o.orderId],
        ['tracking id', o.trackingId],
        ['short id', o.shortId],
        ['user', `${r.user.email} (${r.user.userGuid})`],
        ['side', o.side],
        ['status', o.status],
        ['reason', o.reason],
        ['payment method', o.paymentMethod],
        ['sell delivery', o.sellDeliveryMethod],
        ['sell', `${o.sell.amount} ${o.sell.asset} on ${o.sell.network}`],
        ['receive', `${o.receive.amount} ${o.receive.asset} on ${o.receive.network}`],
        ['fees', `method ${o.fees.method}, network ${o.fees.network}, spread ${o.fees.spread} (${o.fees.asset})`],
        ['buy address', o.buyMemo ? `${o.buyAddress} (memo ${o.buyMemo})` : o.buyAddress],
        ['deposit address', o.depositAddress],
        ['tx hash', o.txHash],
        ['confirmations', `${o.confirmations} of ${o.requiredConfirmations}`],
        ['transfer id', o.transferId],
        ['created', o.createdAt],
        ['updated', o.updatedAt],
        ['expires', o.expiresAt],
      ]),
    ),
    section(
      'Timeline',
      table(
        ['at', 'from', 'to', 'reason'],
        r.timeline.map((t) => [t.at, t.from, t.to, t.reason]),
      ),
    ),
    section(
      'Jobs',
      table(
        ['job id', 'name', 'state', 'attempts', 'created', 'completed', 'error'],
        r.jobs.map((j) => [
          j.id,
          j.name,
          j.archived ? `${j.state} (archived)` : j.state,
          `${j.retryCount}/${j.retryLimit}`,
          j.createdOn,
          j.completedOn,
          j.error,
        ]),
      ),
    ),
  ].join('\n\n');
}
