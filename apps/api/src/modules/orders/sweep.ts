import type { OrdersContext } from './context';
import { runAwaitFunds, runConfirmation, runDelivery, runExpiry, runPayout } from './order-jobs';

/**
 * The safety net behind the queue (as sweepDueTransfers is for transfers): orders whose next step is due, run
 * directly. Each step locks the order and checks its state, so a step the queue also runs happens once.
 */
export async function sweepDueOrders(
  ctx: OrdersContext,
  options: { batch?: number } = {},
): Promise<{ moved: number; failed: { orderId: string; error: unknown }[] }> {
  const batch = options.batch ?? 200;
  const now = ctx.clock.now();
  const confirmedBy = new Date(now.getTime() - ctx.gateway.confirmationDelayMs);
  const { rows } = await ctx.db.query<{ id: string; status: string }>(
    `SELECT id, status FROM ramp_orders
     WHERE status IN ('funds_received', 'deposit_received')
        OR (status = 'delivering' AND sent_at <= $2)
        OR (status IN ('awaiting_funds', 'awaiting_deposit') AND expires_at <= $1)
        OR (status = 'awaiting_funds' AND transfer_id IN (SELECT id FROM transfers WHERE status <> 'pending' OR funds_available))
        OR (status = 'paying_out' AND transfer_id IN (SELECT id FROM transfers WHERE status <> 'pending'))
     ORDER BY updated_at LIMIT $3`,
    [now, confirmedBy, batch],
  );
  let moved = 0;
  // One order whose step throws (its chain's node down) is reported and left for the next sweep: the others go on.
  const failed: { orderId: string; error: unknown }[] = [];
  for (const { id, status } of rows) {
    const run =
      status === 'funds_received'
        ? runDelivery
        : status === 'deposit_received' || status === 'paying_out'
          ? runPayout
          : status === 'delivering'
            ? runConfirmation
            : null;
    try {
      const outcome = run
        ? await run(ctx, id)
        : (await runAwaitFunds(ctx, id)) === 'moved'
          ? 'moved'
          : await runExpiry(ctx, id);
      if (outcome === 'moved') moved += 1;
    } catch (error) {
      failed.push({ orderId: id, error });
    }
  }
  return { moved, failed };
}
