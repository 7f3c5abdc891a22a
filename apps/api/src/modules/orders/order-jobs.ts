import type { JobDefinition } from '../../jobs/queue';
import { RAMP_TICKERS } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { LEDGER_TRANSACTION_OPTIONS, assetDecimals } from '../ledger';
import { cancelLocked, findTransfer, ORDER_FUNDING_MOVED_JOB, createPayout } from '../transfers';
import { isAppError } from '../../lib/app-error';
import { nextLook } from '../../lib/next-look';
import type { OrdersContext } from './context';
import { ORDER_JOBS } from './job-names';
import { holdForOrder, lockMarket, postBuyDelivery, postBuyRefund, postSellPayout } from './money';
import { findOrder, updateOrder, type OrderRow } from './repository';
import { repriceLateBuy } from './reprice';
import { moveOrder } from './transition';

/** 100 -> '1%', 25 -> '0.25%'. */
const formatBps = (bps: number) => `${bps / 100}%`;

type Outcome = 'moved' | 'not-due' | 'nothing';

/** Queues the delivery of a buy whose funds are in (same transaction as funds_received). */
export async function queueDelivery(tx: Queryable, ctx: OrdersContext, orderId: string): Promise<void> {
  await ctx.jobs.send(ORDER_JOBS.deliver, { orderId }, { tx, singletonKey: `deliver:${orderId}` });
}

export async function queuePayout(tx: Queryable, ctx: OrdersContext, orderId: string): Promise<void> {
  await ctx.jobs.send(ORDER_JOBS.payout, { orderId }, { tx, singletonKey: `payout:${orderId}` });
}

export async function queueExpiry(tx: Queryable, ctx: OrdersContext, row: OrderRow): Promise<void> {
  if (row.expires_at)
    await ctx.jobs.send(
      ORDER_JOBS.expire,
      { orderId: row.id },
      { tx, startAfter: row.expires_at, singletonKey: `expire:${row.id}` },
    );
}

/** funds_received for a buy whose USD is in the balance: hold it and queue the delivery. */
export async function fundsIn(tx: Queryable, ctx: OrdersContext, row: OrderRow, reason: string): Promise<OrderRow> {
  const now = ctx.clock.now();
  const holdId = await holdForOrder(tx, row);
  const moved = await moveOrder(tx, ctx, row, 'funds_received', reason, now, { hold_id: holdId });
  await queueDelivery(tx, ctx, row.id);
  return moved;
}

/**
 * An ACH-paid buy waits for its deposit: once the contribution's money is in the balance (settled, or instant ACH),
 * the order holds it and moves to funds_received. A cancelled or reversed contribution fails the order (nothing
 * to refund: the money never arrived). Run early, it queues itself for the transfer's settlement date.
 */
export async function runAwaitFunds(ctx: OrdersContext, orderId: string): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, { forUpdate: true });
    if (!row || row.status !== 'awaiting_funds' || !row.transfer_id) return 'nothing';
    const transfer = await findTransfer(tx, row.transfer_id, { forUpdate: true });
    if (!transfer) return 'nothing';
    if (transfer.status === 'cancelled' || transfer.status === 'reversed') {
      await moveOrder(tx, ctx, row, 'failed', 'The payment did not arrive', ctx.clock.now());
      return 'moved';
    }
    if (transfer.status === 'settled' || transfer.funds_available) {
      // Priced again now that the money is here (decision 029): within the slippage it goes on, else it stays.
      const priced = await repriceLateBuy(tx, ctx, row);
      const now = ctx.clock.now();
      if (priced.kind === 'slipped') {
        const failed = await moveOrder(
          tx,
          ctx,
          row,
          'failed',
          `The price moved: ${priced.to} ${row.buy_asset} instead of ${priced.from}, more than the ${formatBps(ctx.maxSlippageBps ?? 0)} allowed`,
          now,
          {},
          { mail: false },
        );
        await moveOrder(tx, ctx, failed, 'refunded', 'The payment stays in your USD balance', now);
        return 'moved';
      }
      await fundsIn(
        tx,
        ctx,
        priced.row,
        priced.kind === 'repriced'
          ? `The payment arrived; priced again: ${priced.to} ${row.buy_asset} (quoted ${priced.from})`
          : 'The payment arrived',
      );
      return 'moved';
    }
    if (transfer.settles_at)
      await ctx.jobs.send(ORDER_JOBS.awaitFunds, { orderId }, { tx, startAfter: transfer.settles_at });
    return 'not-due';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/**
 * funds_received -> delivering: the funds are committed (captured, fees taken, the asset leaves the market) and the
 * chain gateway sends the asset (the same order id gives the same transaction, so a retried job sends once). A
 * refused delivery fails the order and refunds the USD in the same transaction.
 *
 * The gateway is asked before the order's transaction opens (decision 085): a real chain's node is a network call that
 * no lock should wait on, and the EVM gateway commits the signed transaction in its own database transaction before it
 * broadcasts. A gateway that throws (a node that cannot be reached) leaves the order as it was: the job is retried
 * with back-off, and the sweep takes the order up again after that; the same reference never sends a second transfer.
 */
export async function runDelivery(ctx: OrdersContext, orderId: string): Promise<Outcome> {
  const before = await findOrder(ctx.db, orderId);
  if (!before || before.status !== 'funds_received') return 'nothing';
  const delivery = {
    network: before.buy_network,
    asset: before.buy_asset,
    address: before.buy_address,
    memo: before.buy_memo,
    amount: before.receive_amount,
    reference: before.id,
    decimals: assetDecimals(before.buy_asset),
  };
  const result = await ctx.gateway.deliver(delivery);
  const sentAt = ctx.clock.now();
  const status = result.ok
    ? await ctx.gateway.confirmations({ network: delivery.network, txHash: result.txHash, sentAt, now: sentAt })
    : null;
  return ctx.db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, { forUpdate: true });
    // Another run (the queue's or the sweep's) recorded it meanwhile: the same reference gave it the same transaction.
    if (!row || row.status !== 'funds_received') return 'nothing';
    if (row.receive_amount !== delivery.amount || row.buy_address !== delivery.address) {
      throw new Error(`Order ${orderId} changed while its delivery was being sent`);
    }
    const now = ctx.clock.now();
    await lockMarket(tx, row);
    await postBuyDelivery(tx, row);
    if (!result.ok) {
      const delivering = await moveOrder(tx, ctx, row, 'delivering', 'Sending on chain', now);
      const failed = await moveOrder(tx, ctx, delivering, 'failed', result.reason, now, {}, { mail: false });
      await postBuyRefund(tx, failed);
      await moveOrder(tx, ctx, failed, 'refunded', 'Refunded to the USD balance', now);
      return 'moved';
    }
    await moveOrder(tx, ctx, row, 'delivering', 'Sent on chain', now, {
      tx_hash: result.txHash,
      sent_at: sentAt,
      confirmations: status?.confirmations ?? 0,
    });
    await ctx.jobs.send(
      ORDER_JOBS.confirm,
      { orderId },
      { tx, startAfter: nextLook(sentAt, now, ctx.gateway.confirmationDelayMs) },
    );
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/**
 * delivering -> completed once the chain reports enough confirmations; early, it records them and waits again. The
 * chain is asked before the order's transaction opens, as in runDelivery: the gateway's `follow` may send again or
 * replace a stuck transaction in its own database transaction (decision 088), and the order's hash becomes the
 * version that was mined.
 */
export async function runConfirmation(ctx: OrdersContext, orderId: string): Promise<Outcome> {
  const before = await findOrder(ctx.db, orderId);
  if (!before || before.status !== 'delivering' || !before.tx_hash || !before.sent_at) return 'nothing';
  const txHash = await ctx.gateway.follow({ network: before.buy_network, txHash: before.tx_hash });
  const seenAt = ctx.clock.now();
  const status = await ctx.gateway.confirmations({
    network: before.buy_network,
    txHash,
    sentAt: before.sent_at,
    now: seenAt,
  });
  return ctx.db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, { forUpdate: true });
    // Another run recorded a look meanwhile (its own hash, its own count): this one's answer is not newer.
    if (!row || row.status !== 'delivering' || row.tx_hash !== before.tx_hash || !row.sent_at) return 'nothing';
    const now = ctx.clock.now();
    const hash = txHash === row.tx_hash ? {} : { tx_hash: txHash };
    if (status.confirmations < status.required) {
      await updateOrder(tx, row.id, { ...hash, confirmations: status.confirmations }, now);
      await ctx.jobs.send(
        ORDER_JOBS.confirm,
        { orderId },
        { tx, startAfter: nextLook(row.sent_at, now, ctx.gateway.confirmationDelayMs) },
      );
      return 'not-due';
    }
    await moveOrder(tx, ctx, row, 'completed', `Confirmed (${status.confirmations} confirmations)`, now, {
      ...hash,
      // The order shows "n of required": a chain already past the depth when the job looked counts as the required.
      confirmations: status.required,
    });
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/**
 * deposit_received -> paying_out: the asset is sold, the USD goes to the balance. To the USD balance that is the
 * end (completed in the same transaction). To a bank, an ACH withdrawal of the proceeds is made (transfers module,
 * no email confirmation: the order was the request) and the order stays paying_out until it settles; run again then
 * (queued for the settlement date), it completes. A bank that needs linking again keeps the money in the balance.
 */
export async function runPayout(ctx: OrdersContext, orderId: string): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, { forUpdate: true });
    if (!row) return 'nothing';
    const now = ctx.clock.now();
    if (row.status === 'paying_out' && row.transfer_id) {
      const transfer = await findTransfer(tx, row.transfer_id);
      if (transfer?.status === 'pending') {
        if (transfer.settles_at)
          await ctx.jobs.send(ORDER_JOBS.payout, { orderId }, { tx, startAfter: transfer.settles_at });
        return 'not-due';
      }
      await moveOrder(
        tx,
        ctx,
        row,
        'completed',
        transfer?.status === 'settled'
          ? 'Paid out by ACH'
          : 'The ACH payout was stopped; the money is in the USD balance',
        now,
      );
      return 'moved';
    }
    if (row.status !== 'deposit_received') return 'nothing';
    const toBank = row.payment_method === 'primex_ach';
    await lockMarket(tx, row);
    const paying = await moveOrder(
      tx,
      ctx,
      row,
      'paying_out',
      toBank ? 'Paying out by ACH' : 'Paying into the USD balance',
      now,
    );
    await postSellPayout(tx, paying);
    if (!toBank) {
      await moveOrder(tx, ctx, paying, 'completed', 'Paid into the USD balance', now);
      return 'moved';
    }
    let transfer: Awaited<ReturnType<typeof createPayout>>;
    try {
      transfer = await createPayout(tx, ctx, {
        userGuid: row.user_id,
        amount: row.receive_amount,
        fundsTransferMethodId: row.buy_address,
        idempotencyKey: `order:${row.id}:payout`,
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      await moveOrder(tx, ctx, paying, 'completed', 'The bank could not be used; the money is in the USD balance', now);
      return 'moved';
    }
    await updateOrder(tx, row.id, { transfer_id: transfer.id }, now);
    if (transfer.settles_at)
      await ctx.jobs.send(ORDER_JOBS.payout, { orderId }, { tx, startAfter: transfer.settles_at });
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** An order still waiting for funds or a deposit at its time expires (an ACH buy's pending deposit is cancelled). */
export async function runExpiry(ctx: OrdersContext, orderId: string): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, { forUpdate: true });
    if (!row || (row.status !== 'awaiting_funds' && row.status !== 'awaiting_deposit') || !row.expires_at)
      return 'nothing';
    const now = ctx.clock.now();
    if (row.expires_at.getTime() > now.getTime()) {
      await queueExpiry(tx, ctx, row);
      return 'not-due';
    }
    if (row.transfer_id) {
      const transfer = await findTransfer(tx, row.transfer_id, { forUpdate: true });
      if (transfer && (transfer.status === 'settled' || transfer.funds_available)) {
        // The money came after all: carry on rather than expire.
        await fundsIn(tx, ctx, row, 'The payment arrived');
        return 'moved';
      }
      if (transfer?.status === 'pending') await cancelLocked(tx, ctx, transfer, 'The order it paid for expired');
    }
    await moveOrder(tx, ctx, row, 'expired', 'Nothing arrived in time', now);
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

export function orderJobs(ctx: OrdersContext): JobDefinition[] {
  // The job's log line names the order and the state it is in once the move committed (decision 036).
  const define = (name: string, run: (ctx: OrdersContext, orderId: string) => Promise<Outcome>): JobDefinition =>
    ({
      name,
      retryLimit: 10,
      retryDelaySeconds: 5,
      async handle(data: { orderId: string }, { logger }) {
        const outcome = await run(ctx, data.orderId);
        if (outcome !== 'moved') return logger.debug({ orderId: data.orderId, outcome }, 'order job: nothing to do');
        logger.info({ orderId: data.orderId, status: (await findOrder(ctx.db, data.orderId))?.status }, 'order moved');
      },
    }) as JobDefinition;
  return [
    define(ORDER_JOBS.awaitFunds, runAwaitFunds),
    // The order's deposit settled, was cancelled or returned (decision 053): the order moves on now, not at a sweep.
    define(ORDER_FUNDING_MOVED_JOB, runAwaitFunds),
    define(ORDER_JOBS.deliver, runDelivery),
    define(ORDER_JOBS.confirm, runConfirmation),
    define(ORDER_JOBS.payout, runPayout),
    define(ORDER_JOBS.expire, runExpiry),
  ];
}

/** The minimum on-chain deposit of a ticker, for the owner's view. */
export function minimumDepositOf(ticker: string): string | null {
  return RAMP_TICKERS[ticker as keyof typeof RAMP_TICKERS]?.minimumDeposit ?? null;
}
