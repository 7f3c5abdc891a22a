import { randomUUID } from 'node:crypto';
import { RAMP_QUOTE_MESSAGES, type OrderReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError, isAppError } from '../../lib/app-error';
import { LEDGER_TRANSACTION_OPTIONS, isAssetCode } from '../ledger';
import { consumeQuote } from '../ramp';
import { createContribution, type ContributionMethod, requireOpenedAccount } from '../transfers';
import type { OrdersContext } from './context';
import { newShortId, newTrackingId } from './ids';
import { ORDER_JOBS } from './job-names';
import { fundsIn, queueExpiry, queuePayout } from './order-jobs';
import { holdForOrder, usdHeld } from './money';
import { findOrderByQuote, insertOrder, listTransitions, quoteAmounts, updateOrder, type OrderRow } from './repository';
import { enterFirstState } from './transition';
import { toRampOrder } from './view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3600 * 1000;

/**
 * `/api/ramp/order` (decision 024): one transaction consumes the caller's quote and creates the order in its first
 * state with its postings, mail and next job. The quote id is the idempotency key: the same caller and quote give the
 * same order back (`replayed`); consumeQuote refuses an expired, used, unknown or another user's quote.
 * - buy, USD balance: the USD is held; funds_received at once; the delivery job is queued.
 * - buy, ACH / instant ACH: awaiting_funds with a deposit (the transfers module's contribution, fee charged to the
 *   bank); instant ACH money is available at once, so it moves on to funds_received in the same transaction.
 * - sell from holdings: the asset is held; deposit_received at once; the payout job is queued.
 * - sell by deposit: awaiting_deposit at a deposit address (and memo on memo networks) until it expires.
 */
export async function createOrder(
  ctx: OrdersContext,
  userGuid: string,
  quoteId: string,
  options: { confirm?: (tx: Queryable) => Promise<void> } = {},
): Promise<OrderReply> {
  const id = quoteId.trim().toLowerCase();
  if (!UUID.test(id)) throw new AppError('quote_unknown');
  return ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const existing = await findOrderByQuote(tx, id);
    if (existing && existing.user_id === userGuid)
      return { order: toRampOrder(existing, await listTransitions(tx, existing.id)), replayed: true };
    const now = ctx.clock.now();
    let consumed: Awaited<ReturnType<typeof consumeQuote>>;
    try {
      consumed = await consumeQuote(tx, userGuid, id, now);
    } catch (error) {
      // Two requests with one quote: the second waited on the quote's lock; the order the first made is its answer.
      const made = isAppError(error) && error.code === 'quote_used' ? await findOrderByQuote(tx, id) : null;
      if (made && made.user_id === userGuid)
        return { order: toRampOrder(made, await listTransitions(tx, made.id)), replayed: true };
      throw error;
    }
    // R2 (decision 027): the step-up code is checked and spent here, under the quote's lock, so concurrent retries of
    // one order wait for the first and replay it rather than fail on a code that was just used.
    await options.confirm?.(tx);
    const { quote, side, paymentMethod } = consumed;
    const amounts = await quoteAmounts(tx, id);
    if (!isAssetCode(quote.sellAssetTicker) || !isAssetCode(quote.buyAssetTicker)) throw new AppError('quote_unknown');
    const orderId = randomUUID();
    const buy = side === 'buy';
    const achPaid = buy && paymentMethod !== 'primex_usd';
    const byDeposit = !buy && quote.sellDeliveryMethod === 'deposit';
    if (byDeposit && !ctx.gateway.takesDeposits(quote.sellNetwork))
      throw AppError.validation({ sellNetwork: RAMP_QUOTE_MESSAGES.depositsUnavailable });
    const target = byDeposit
      ? await ctx.gateway.depositTarget({ network: quote.sellNetwork, reference: orderId }, tx)
      : null;
    const expiresAt = achPaid || byDeposit ? new Date(now.getTime() + ctx.awaitHours * HOUR_MS) : null;
    let row: OrderRow = await insertOrder(tx, {
      id: orderId,
      user_id: userGuid,
      quote_id: id,
      side,
      status: buy ? 'awaiting_funds' : byDeposit ? 'awaiting_deposit' : 'deposit_received',
      payment_method: paymentMethod,
      sell_delivery_method: quote.sellDeliveryMethod,
      sell_asset: quote.sellAssetTicker,
      sell_network: quote.sellNetwork,
      buy_asset: quote.buyAssetTicker,
      buy_network: quote.buyNetwork,
      ...amounts,
      figures: {
        sellAmountTotal: quote.sellAmountTotal,
        receiveAmount: quote.receiveAmount,
        rate: quote.rate,
        fees: quote.fees,
        totalFees: quote.totalFees,
      },
      buy_address: quote.buyAddress,
      buy_memo: quote.buyMemo,
      sell_address: quote.sellAddress,
      deposit_address: target?.address ?? null,
      deposit_memo: target?.memo ?? null,
      tracking_id: newTrackingId(),
      short_id: newShortId(),
      required_confirmations: ctx.gateway.requiredConfirmations(buy ? quote.buyNetwork : quote.sellNetwork),
      expires_at: expiresAt,
      created_at: now,
    });

    if (buy && !achPaid) {
      await enterFirstState(tx, ctx, row, 'Paying from the USD balance', now, false);
      row = await fundsIn(tx, ctx, row, 'Paid from the USD balance');
    } else if (buy) {
      const contribution = await createContribution(tx, ctx, {
        userGuid,
        method: (paymentMethod === 'primex_instant_ach' ? 'instant_ach' : 'ach') satisfies ContributionMethod,
        amount: usdHeld(row),
        fee: row.method_fee,
        methodRef: { kind: 'bank', id: quote.sellAddress ?? '' },
        idempotencyKey: `order:${orderId}`,
        // The deposit belongs to the order (decision 053): shown with it, counted once, and it tells the order when it moves.
        orderId,
      });
      // An ACH buy waits at least until its deposit settles; it expires ORDER_AWAIT_HOURS after that date.
      const settles = contribution.settlesAt ? new Date(contribution.settlesAt) : now;
      row = await updateOrder(
        tx,
        row.id,
        {
          transfer_id: contribution.transferId,
          expires_at: new Date(Math.max(settles.getTime(), now.getTime()) + ctx.awaitHours * HOUR_MS),
        },
        now,
      );
      await enterFirstState(
        tx,
        ctx,
        row,
        `Waiting for the ${paymentMethod === 'primex_instant_ach' ? 'instant ACH' : 'ACH'} payment`,
        now,
        !contribution.fundsAvailable,
      );
      if (contribution.fundsAvailable) row = await fundsIn(tx, ctx, row, 'The instant ACH payment is available');
      else {
        await ctx.jobs.send(
          ORDER_JOBS.awaitFunds,
          { orderId },
          { tx, ...(contribution.settlesAt ? { startAfter: new Date(contribution.settlesAt) } : {}) },
        );
        await queueExpiry(tx, ctx, row);
      }
    } else if (byDeposit) {
      await enterFirstState(tx, ctx, row, 'Waiting for the deposit', now, true);
      await queueExpiry(tx, ctx, row);
    } else {
      const holdId = await holdForOrder(tx, row);
      row = await updateOrder(tx, row.id, { hold_id: holdId }, now);
      await enterFirstState(tx, ctx, row, 'Selling from holdings', now, false);
      await queuePayout(tx, ctx, row.id);
    }
    return { order: toRampOrder(row, await listTransitions(tx, row.id)), replayed: false };
  }, LEDGER_TRANSACTION_OPTIONS);
}
