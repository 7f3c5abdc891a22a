import type { Db } from '../../db';
import type { JobDefinition } from '../../jobs/queue';
import { LEDGER_TRANSACTION_OPTIONS } from '../ledger';
import { cancelLocked } from './cancel-transfer';
import { EXPIRED_REASON } from './confirm-withdrawal';
import type { TransferDeps } from './context';
import { EXPIRE_WITHDRAWAL_JOB, SETTLE_TRANSFER_JOB } from './job-names';
import { findTransfer } from './repository';
import { settleLocked } from './settle-transfer';

export type TransferJobDeps = TransferDeps & { db: Db };

/**
 * The settlement job: settles the transfer when its time has come (by the app's clock). Run early (the queue's
 * clock ahead of the app's), it queues itself again for the expected time. Run twice, the second finds the
 * transfer settled (under its row lock) and does nothing. An unconfirmed withdrawal is never settled here.
 */
export async function runSettlement(
  deps: TransferJobDeps,
  transferId: string,
): Promise<'settled' | 'not-due' | 'nothing'> {
  return deps.db.transaction(async (tx) => {
    const row = await findTransfer(tx, transferId, { forUpdate: true });
    if (!row || row.status !== 'pending' || !row.settles_at) return 'nothing';
    if (row.direction === 'disbursement' && !row.confirmed_at) return 'nothing';
    if (row.settles_at.getTime() > deps.clock.now().getTime()) {
      await deps.jobs.send(SETTLE_TRANSFER_JOB, { transferId }, { tx, startAfter: row.settles_at });
      return 'not-due';
    }
    await settleLocked(tx, deps, row, 'Settled on its expected date');
    return 'settled';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** The 24-hour job: cancels a withdrawal still waiting for its email confirmation and releases its hold. */
export async function runWithdrawalExpiry(
  deps: TransferJobDeps,
  transferId: string,
): Promise<'cancelled' | 'not-due' | 'nothing'> {
  return deps.db.transaction(async (tx) => {
    const row = await findTransfer(tx, transferId, { forUpdate: true });
    if (!row || row.direction !== 'disbursement' || row.status !== 'pending' || row.confirmed_at || !row.confirm_by)
      return 'nothing';
    if (row.confirm_by.getTime() > deps.clock.now().getTime()) {
      await deps.jobs.send(EXPIRE_WITHDRAWAL_JOB, { transferId }, { tx, startAfter: row.confirm_by });
      return 'not-due';
    }
    await cancelLocked(tx, deps, row, EXPIRED_REASON);
    return 'cancelled';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** transfers.settle and transfers.expire-withdrawal, bound to the process's database, clock and queue. */
export function transferJobs(deps: TransferJobDeps): JobDefinition[] {
  const settle: JobDefinition<{ transferId: string }> = {
    name: SETTLE_TRANSFER_JOB,
    retryLimit: 10,
    retryDelaySeconds: 5,
    // Settlements come in bursts (every deposit of a day falls due together): a batch per poll, one by one.
    batchSize: 20,
    async handle(data) {
      await runSettlement(deps, data.transferId);
    },
  };
  const expire: JobDefinition<{ transferId: string }> = {
    name: EXPIRE_WITHDRAWAL_JOB,
    retryLimit: 10,
    retryDelaySeconds: 5,
    async handle(data) {
      await runWithdrawalExpiry(deps, data.transferId);
    },
  };
  return [settle as JobDefinition, expire as JobDefinition];
}
