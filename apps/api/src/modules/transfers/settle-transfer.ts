import type { TransferView } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { PLATFORM_FEES, WORLD_BANK, captureHold, lockBalances, postTransaction, userAccount } from '../ledger';
import type { TransferDeps } from './context';
import { ledgerKey } from './idempotency';
import { tellFundedOrder } from './order-funding';
import { postContributionCredit } from './money';
import { findTransfer, recordTransferTransition, updateTransfer, type TransferRow } from './repository';
import { toTransferView } from './view';

/**
 * Settles a pending transfer now, inside the caller's transaction, whatever its expected time (the job checks the
 * time; the sandbox settle calls do not). The row is locked first, so two settlements of one transfer run one
 * after the other and the second finds it settled and does nothing: a settle job run twice settles once.
 * - A contribution: the ledger credits it (amount to the user, fee to the platform), unless its funds were made
 *   available at creation (instant ACH), when only the status changes.
 * - A disbursement, once confirmed from its email: its hold is captured, `amount` to the bank (WORLD_BANK) and the
 *   fee to PLATFORM_FEES. Unconfirmed: 409 withdrawal_not_pending.
 * Cancelled or reversed transfers are left alone (the view says so).
 */
export async function settleTransfer(
  tx: Queryable,
  deps: TransferDeps,
  transferId: string,
  reason = 'Settled',
): Promise<TransferView> {
  const row = await findTransfer(tx, transferId, { forUpdate: true });
  if (!row) throw new AppError('transfer_unknown');
  if (row.status !== 'pending') return toTransferView(row);
  return toTransferView(await settleLocked(tx, deps, row, reason));
}

/** settleTransfer for a row the caller has already locked and found pending. */
export async function settleLocked(
  tx: Queryable,
  deps: TransferDeps,
  row: TransferRow,
  reason: string,
): Promise<TransferRow> {
  const now = deps.clock.now();
  let settled: TransferRow;
  if (row.direction === 'contribution') {
    const creditId = row.credit_transaction_id ?? (await postContributionCredit(tx, row, { status: 'settled' }));
    settled = await updateTransfer(
      tx,
      row.id,
      { status: 'settled', settled_at: now, credit_transaction_id: creditId, funds_available: true },
      now,
    );
  } else {
    if (!row.confirmed_at)
      throw new AppError('withdrawal_not_pending', {
        message: 'This withdrawal has not been confirmed from its email yet',
      });
    if (!row.hold_id) throw new Error(`withdrawal ${row.id} has no hold`);
    // The capture and the fee are two postings; a deposit's credit takes the same shared rows (WORLD_BANK,
    // PLATFORM_FEES) in one. Taken step by step they would lock those rows in the opposite order to the credit, and
    // concurrent settlements deadlock again and again: every balance is locked now, in the ledger's one order.
    await lockBalances(tx, [
      { account: userAccount(row.user_id, 'USD'), asset: 'USD' },
      { account: WORLD_BANK, asset: 'USD' },
      ...(row.fee > 0n ? [{ account: PLATFORM_FEES, asset: 'USD' as const }] : []),
    ]);
    const capture = await captureHold(tx, {
      idempotencyKey: ledgerKey(row.id, 'capture'),
      holdId: row.hold_id,
      destination: WORLD_BANK,
      amount: row.amount,
      metadata: { kind: 'withdrawal', method: row.method, transferId: row.id, status: 'settled' },
    });
    // The capture released the whole hold (amount + fee) while the balance row stays locked by this transaction,
    // so the fee is still there to take.
    let feeId: string | undefined;
    if (row.fee > 0n) {
      const fee = await postTransaction(tx, {
        idempotencyKey: ledgerKey(row.id, 'fee'),
        postings: [
          { source: userAccount(row.user_id, 'USD'), destination: PLATFORM_FEES, asset: 'USD', amount: row.fee },
        ],
        metadata: { kind: 'withdrawal-fee', method: row.method, transferId: row.id, status: 'settled' },
      });
      feeId = fee.transactionId;
    }
    settled = await updateTransfer(
      tx,
      row.id,
      {
        status: 'settled',
        settled_at: now,
        settle_transaction_id: capture.transactionId,
        ...(feeId ? { fee_transaction_id: feeId } : {}),
      },
      now,
    );
  }
  await recordTransferTransition(tx, row.id, 'pending', 'settled', reason, now);
  await tellFundedOrder(tx, deps, settled);
  return settled;
}
