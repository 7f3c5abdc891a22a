import type { TransferMethodKind } from '@rampart/contracts';
import type { Queryable } from '../../db';

/**
 * The deposits that count toward a method's weekly limit (decision 015's USD transfers; decision 053), as the FROM
 * and WHERE of a query on `transfers d`: the user's contributions by `method` made after `since`, pending, settled
 * and reversed ones (a reversed ACH deposit still moved through the limit's window), not cancelled ones, and not an
 * order's own deposit (its buy counts instead: each dollar once). The arguments are SQL expressions (parameters or
 * columns), so the ramp's quote statement and depositUsage read exactly the same rows.
 */
export function countedDepositsSql(userId: string, method: string, since: string): string {
  return `FROM transfers d WHERE d.user_id = ${userId} AND d.direction = 'contribution' AND d.method = ${method}
    AND d.status <> 'cancelled' AND d.order_id IS NULL AND d.created_at > ${since}`;
}

/** The deposits of countedDepositsSql: their total in USD cents (fees excluded) and the oldest one's time, or null. */
export async function depositUsage(
  q: Queryable,
  userId: string,
  method: TransferMethodKind,
  since: Date,
): Promise<{ total: bigint; oldest: Date | null }> {
  const { rows } = await q.query<{ total: bigint | null; oldest: Date | null }>(
    `SELECT sum(d.amount)::int8 AS total, min(d.created_at) AS oldest ${countedDepositsSql('$1', '$2', '$3')}`,
    [userId, method, since],
  );
  return { total: rows[0]?.total ?? 0n, oldest: rows[0]?.oldest ?? null };
}
