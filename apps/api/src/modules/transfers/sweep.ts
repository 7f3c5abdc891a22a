import type { TransferJobDeps } from './transfer-jobs';
import { runSettlement, runWithdrawalExpiry } from './transfer-jobs';

/**
 * The safety net behind the queue: pending transfers whose settlement time has passed, and unconfirmed withdrawals
 * past their 24 hours, handled directly. A job a killed worker had claimed comes back only when the queue expires
 * it; the worker sweeps when it starts and every minute so nothing waits that long. Settling twice is harmless
 * (each transfer is settled under its row lock, once).
 */
export async function sweepDueTransfers(
  deps: TransferJobDeps,
  options: { batch?: number } = {},
): Promise<{ settled: number; cancelled: number }> {
  const batch = options.batch ?? 500;
  const now = deps.clock.now();
  let settled = 0;
  let cancelled = 0;
  // Batch after batch until nothing due is left: a handled transfer is no longer pending, so it is not read again.
  for (;;) {
    const due = await deps.db.query<{ id: string }>(
      `SELECT id FROM transfers WHERE status = 'pending' AND settles_at <= $1 AND (direction = 'contribution' OR confirmed_at IS NOT NULL)
       ORDER BY settles_at LIMIT $2`,
      [now, batch],
    );
    let progressed = 0;
    for (const { id } of due.rows) if ((await runSettlement(deps, id)) === 'settled') progressed += 1;
    settled += progressed;
    if (due.rows.length < batch || progressed === 0) break;
  }
  for (;;) {
    const expired = await deps.db.query<{ id: string }>(
      `SELECT id FROM transfers WHERE status = 'pending' AND direction = 'disbursement' AND confirmed_at IS NULL AND confirm_by <= $1
       ORDER BY confirm_by LIMIT $2`,
      [now, batch],
    );
    let progressed = 0;
    for (const { id } of expired.rows) if ((await runWithdrawalExpiry(deps, id)) === 'cancelled') progressed += 1;
    cancelled += progressed;
    if (expired.rows.length < batch || progressed === 0) break;
  }
  return { settled, cancelled };
}
