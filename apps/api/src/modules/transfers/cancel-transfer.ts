import type { TransferView } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { releaseHold } from '../ledger';
import type { TransferDeps } from './context';
import { ledgerKey } from './idempotency';
import { tellFundedOrder } from './order-funding';
import { findTransferOfUser, recordTransferTransition, updateTransfer, type TransferRow } from './repository';
import { toTransferView } from './view';

/**
 * The owner cancels a pending transfer that has not settled (another user's id: 404 transfer_unknown). A deposit
 * has moved no money yet; a withdrawal's hold is released. An instant ACH deposit whose money is already in the
 * balance cannot be cancelled (409 transfer_not_cancellable), nor can a settled, cancelled or reversed transfer.
 */
export async function cancelTransfer(
  tx: Queryable,
  deps: TransferDeps,
  userGuid: string,
  transferId: string,
): Promise<TransferView> {
  const row = await findTransferOfUser(tx, userGuid, transferId, { forUpdate: true });
  if (!row) throw new AppError('transfer_unknown');
  if (row.status !== 'pending' || row.funds_available) throw new AppError('transfer_not_cancellable');
  return toTransferView(await cancelLocked(tx, deps, row, 'Cancelled by the user'));
}

/** Cancels a locked pending transfer: releases a withdrawal's hold, records the transition. */
export async function cancelLocked(
  tx: Queryable,
  deps: TransferDeps,
  row: TransferRow,
  reason: string,
): Promise<TransferRow> {
  const now = deps.clock.now();
  if (row.hold_id) await releaseHold(tx, { idempotencyKey: ledgerKey(row.id, 'release'), holdId: row.hold_id });
  const cancelled = await updateTransfer(tx, row.id, { status: 'cancelled', cancelled_at: now }, now);
  await recordTransferTransition(tx, row.id, 'pending', 'cancelled', reason, now);
  await tellFundedOrder(tx, deps, cancelled);
  return cancelled;
}
