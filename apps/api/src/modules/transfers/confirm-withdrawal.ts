import { expectedSettlement, type TransferReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { LEDGER_TRANSACTION_OPTIONS } from '../ledger';
import { cancelLocked } from './cancel-transfer';
import { hashConfirmationToken } from './confirmation-token';
import type { TransfersContext } from './context';
import { scheduleSettlement } from './create-contribution';
import { findByConfirmTokenHash, recordTransferTransition, updateTransfer } from './repository';
import { toTransferView } from './view';

export const EXPIRED_REASON = 'Not confirmed within 24 hours';

/**
 * `/api/transfers/confirm-withdrawal` `{ token }` (the link of the withdrawal's email; signed in, the owner only).
 * A token works once and for 24 hours: unknown, another user's or already used → 400
 * withdrawal_confirmation_invalid; past its 24 hours → the withdrawal is cancelled (hold released) and 400
 * withdrawal_confirmation_expired; a cancelled withdrawal → 409 withdrawal_not_pending. Confirmed, the withdrawal
 * is expected on the method's banking-day time from now, and its settlement job is queued in the same transaction.
 */
export async function confirmWithdrawal(
  ctx: TransfersContext,
  userGuid: string,
  token: string,
): Promise<TransferReply> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await findByConfirmTokenHash(tx, userGuid, hashConfirmationToken(token));
    if (!row || row.confirmed_at) throw new AppError('withdrawal_confirmation_invalid');
    if (row.status !== 'pending') throw new AppError('withdrawal_not_pending');
    const now = ctx.clock.now();
    if (row.confirm_by && now.getTime() >= row.confirm_by.getTime()) {
      await cancelLocked(tx, ctx, row, EXPIRED_REASON);
      return { expired: true as const };
    }
    const confirmed = await updateTransfer(
      tx,
      row.id,
      { confirmed_at: now, settles_at: expectedSettlement(row.method, now) },
      now,
    );
    await recordTransferTransition(tx, row.id, 'pending', 'pending', 'Confirmed from the email', now);
    await scheduleSettlement(tx, ctx, confirmed);
    return { expired: false as const, reply: { transfer: toTransferView(confirmed), replayed: false } };
  }, LEDGER_TRANSACTION_OPTIONS);
  // The cancellation is committed before the refusal is sent.
  if (outcome.expired) throw new AppError('withdrawal_confirmation_expired');
  return outcome.reply;
}
