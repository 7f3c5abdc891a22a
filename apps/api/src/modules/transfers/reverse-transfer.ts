import type { TransferView } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { PLATFORM_FEES, WORLD_BANK, isLedgerError, postTransaction, userAccount, type Posting } from '../ledger';
import type { TransferDeps } from './context';
import { ledgerKey } from './idempotency';
import { tellFundedOrder } from './order-funding';
import { recordTransferTransition, updateTransfer, type TransferRow } from './repository';
import { toTransferView } from './view';

/**
 * The bank returned an ACH pull (decision 015): a settled ACH contribution, or an instant ACH one whose money was
 * made available, is reversed by a new ledger transaction that undoes its credit (the amount leaves the user's
 * balance, the fee leaves the platform's), never by changing history. The user's available balance must cover
 * the amount: money already withdrawn or held cannot be taken back by the ledger (409 transfer_not_reversible).
 * The caller has locked the row.
 */
export async function reverseLocked(
  tx: Queryable,
  deps: TransferDeps,
  row: TransferRow,
  reason: string,
): Promise<TransferView> {
  const reversible =
    row.direction === 'contribution' &&
    (row.method === 'ach' || row.method === 'instant_ach') &&
    row.credit_transaction_id !== null &&
    (row.status === 'settled' || row.status === 'pending');
  if (!reversible) throw new AppError('transfer_not_reversible');
  const postings: Posting[] = [
    { source: userAccount(row.user_id, 'USD'), destination: WORLD_BANK, asset: 'USD', amount: row.amount },
  ];
  if (row.fee > 0n) postings.push({ source: PLATFORM_FEES, destination: WORLD_BANK, asset: 'USD', amount: row.fee });
  let transactionId: string;
  try {
    ({ transactionId } = await postTransaction(tx, {
      idempotencyKey: ledgerKey(row.id, 'reversal'),
      postings,
      metadata: { kind: 'deposit-reversal', method: row.method, transferId: row.id, status: 'reversed' },
    }));
  } catch (error) {
    if (isLedgerError(error, 'insufficient_funds')) {
      throw new AppError('transfer_not_reversible', {
        message: 'This deposit cannot be reversed: its money is no longer available in the balance',
      });
    }
    throw error;
  }
  const now = deps.clock.now();
  const reversed = await updateTransfer(
    tx,
    row.id,
    { status: 'reversed', reversed_at: now, reversal_transaction_id: transactionId },
    now,
  );
  await recordTransferTransition(tx, row.id, row.status, 'reversed', reason, now);
  await tellFundedOrder(tx, deps, reversed);
  return toTransferView(reversed);
}
