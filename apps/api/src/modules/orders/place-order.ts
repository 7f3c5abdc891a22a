import type { CreateOrderRequest, OrderChallengeReply, OrderReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { assertQuoteOpen } from '../ramp';
import type { OrdersContext } from './context';
import { createOrder } from './create-order';
import { assertCanPay } from './money';
import { quoteAmounts } from './repository';

/** The trade step-up the orders routes are given (the identity module's, decision 027); structural here. */
export interface OrderStepUp {
  start(userGuid: string): Promise<OrderChallengeReply>;
  confirm<T>(
    userGuid: string,
    meta: { ip: string },
    code: string,
    run: (check: (tx: Queryable) => Promise<void>) => Promise<T>,
  ): Promise<T>;
}

/**
 * `/api/ramp/order-challenge`: for one of the caller's open quotes, which factor to enter (and the code, sent). A quote
 * the order would refuse (over the limits now, or more than the balance or holdings it is paid from) is refused here,
 * before a code is sent (decision 053); the order checks the same again under its locks.
 */
export async function startOrderChallenge(
  ctx: OrdersContext,
  stepUp: OrderStepUp,
  userGuid: string,
  quoteId: string,
): Promise<OrderChallengeReply> {
  const id = quoteId.trim();
  const open = await assertQuoteOpen(ctx.db, userGuid, id, ctx.clock.now());
  await assertCanPay(ctx.db, userGuid, open, await quoteAmounts(ctx.db, id.toLowerCase()));
  return stepUp.start(userGuid);
}

/**
 * `/api/ramp/order` with R2's step-up (decision 027). An order already placed from this quote is given back as it
 * is, without a new code (an authenticator code works once; decision 024's replay). Otherwise, under sign-in's
 * lockout (the attempt counted before it is judged, decision 056), the code is checked and spent in the transaction
 * that takes the quote and makes the order: a wrong code rolls everything back (the quote stays usable) and counts as
 * a failure.
 */
export async function placeOrder(
  ctx: OrdersContext,
  stepUp: OrderStepUp,
  userGuid: string,
  input: CreateOrderRequest,
  meta: { ip: string },
): Promise<OrderReply> {
  return stepUp.confirm(userGuid, meta, input.code, (check) =>
    createOrder(ctx, userGuid, input.quoteId, { confirm: check }),
  );
}
