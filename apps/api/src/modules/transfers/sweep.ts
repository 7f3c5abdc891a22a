import type { TransferJobDeps } from './transfer-jobs';
import { runSettlement, runWithdrawalExpiry } from './transfer-jobs';

/**
 * The safety net behind the queue: pending transfers whose settlement time has passed, and unconfirmed withdrawals
 * past their 24 hours, handled directly. A job a killed worker had claimed comes back only when the queue expires
 * it; the worker sweeps when it starts and every minute so nothing waits that long. Settling twice is harmless
 * (each transfer is settled under its row lock, once).
 */
export async function sweepDueTransfers(deps: TransferJobDeps, options: { limit?: number } = {}): Promise<{ settled: number; cancelled: number }> {
  const now = deps.clock.now();
  const limit = options.limit ?? 500;
  const due = await deps.db.query<{ id: string }>(
    `SELECT id FROM transfers WHERE status = 'pending' AND settles_at <= $1 AND (direction = 'contribution' OR confirmed_at IS NOT NULL)
     ORDER BY settles_at LIMIT $2`,
    [now, limit],
  );
  let settled = 0;
  for (const { id } of due.rows) if ((await runSettlement(deps, id)) === 'settled') settled += 1;
  const expired = await deps.db.query<{ id: string }>(
    `SELECT id FROM transfers WHERE status = 'pending' AND direction = 'disbursement' AND confirmed_at IS NULL AND confirm_by <= $1
     ORDER BY confirm_by LIMIT $2`,
    [now, limit],
  );
  let cancelled = 0;
  for (const { id } of expired.rows) if ((await runWithdrawalExpiry(deps, id)) === 'cancelled') cancelled += 1;
  return { settled, cancelled };
}
