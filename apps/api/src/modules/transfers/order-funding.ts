import type { Queryable } from '../../db';
import type { TransferDeps } from './context';
import { ORDER_FUNDING_MOVED_JOB } from './job-names';
import type { TransferRow } from './repository';

/**
 * An order's deposit (decision 053) has left `pending` in this transaction: its order is told by a job queued in the
 * same transaction, so the order moves on as soon as the deposit does. Other transfers: nothing.
 */
export async function tellFundedOrder(tx: Queryable, deps: TransferDeps, row: TransferRow): Promise<void> {
  if (row.direction !== 'contribution' || !row.order_id) return;
  await deps.jobs.send(ORDER_FUNDING_MOVED_JOB, { orderId: row.order_id }, { tx });
}
