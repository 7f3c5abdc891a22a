import { expectedSettlement, transferFee, type TransferView } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { assertDepositWithinLimits } from '../ramp';
import type { TransferDeps } from './context';
import { claimTransfer } from './idempotency';
import { requireOpenedAccount, postContributionCredit } from './money';
import { SETTLE_TRANSFER_JOB } from './job-names';
import { recordTransferTransition, updateTransfer, type TransferMethod, type TransferRow } from './repository';
import { toTransferView } from './view';

export type ContributionMethod = TransferMethod;

export interface ContributionInput {
  userGuid: string;
  method: ContributionMethod;
  /** USD minor units the balance gains (> 0). */
  amount: bigint;
  /** USD minor units charged on top to the paying method; the method's fee (transferFee) when not given. */
  fee?: bigint;
  /** What pays: a linked bank (id), a card method (id, last4, label), a wire (last4, label). Never a full number. */
  methodRef: { kind: 'bank' | 'card' | 'wire'; id?: string; last4?: string; label?: string; bankCode?: string };
  /** Per user (R16): the same key and input give the same transfer back; another input, 422 idempotency_error. */
  idempotencyKey: string;
  /**
   * The order this deposit pays for (an ACH-paid buy, decision 053): shown with the order, not among the deposits;
   * counted toward the weekly limit as the buy, so not checked here; the order is told when it leaves `pending`.
   */
  orderId?: string;
}

export type ContributionResult = TransferView & { replayed: boolean };

/** Schedules a pending transfer's settlement job in the caller's transaction (a settle job run twice settles once). */
export async function scheduleSettlement(tx: Queryable, deps: TransferDeps, row: TransferRow): Promise<void> {
  if (!row.settles_at) return;
  await deps.jobs.send(
    SETTLE_TRANSFER_JOB,
    { transferId: row.id },
    { tx, startAfter: row.settles_at, singletonKey: `settle:${row.id}` },
  );
}

/**
 * Records a deposit (contribution) to the user's USD balance, inside the caller's transaction (decision 015):
 * - ach: pending; the ledger credits on the 5th US banking day (the settlement job).
 * - card: pending; credits after 12 hours.
 * - instant_ach: the money is credited at once (`fundsAvailable`), the transfer stays pending until the bank pull
 *   settles (5 banking days, or the sandbox's settle-instant-ACH call); a returned pull is a reversal.
 * - us_wire / international_wire: an announced wire, pending for the method's banking days (wires that arrive are
 *   recorded settled by receiveWireDeposit).
 * The balance gains `amount`; the paying side is charged `amount + fee`. The account must be opened (409).
 */
export async function createContribution(
  tx: Queryable,
  deps: TransferDeps,
  input: ContributionInput,
): Promise<ContributionResult> {
  if (typeof input.amount !== 'bigint' || input.amount <= 0n)
    throw AppError.validation({ amount: 'Amount must be greater than 0' });
  const fee = input.fee ?? transferFee(input.method, input.amount);
  if (typeof fee !== 'bigint' || fee < 0n) throw AppError.validation({ fee: 'The fee must not be negative' });
  await requireOpenedAccount(tx, input.userGuid);
  const now = deps.clock.now();
  const instant = input.method === 'instant_ach';
  const ref = input.methodRef;
  const { row, replayed } = await claimTransfer(tx, {
    userId: input.userGuid,
    direction: 'contribution',
    method: input.method,
    status: 'pending',
    amount: input.amount,
    fee,
    methodKind: ref.kind,
    methodId: ref.id ?? null,
    methodLast4: ref.last4 ?? null,
    methodLabel: ref.label ?? null,
    methodBankCode: ref.bankCode ?? null,
    // Instant ACH: the bank pull behind it settles like an ACH.
    settlesAt: expectedSettlement(instant ? 'ach' : input.method, now),
    confirmTokenHash: null,
    confirmBy: null,
    idempotencyKey: input.idempotencyKey,
    orderId: input.orderId ?? null,
    request: {
      ...(input.orderId ? { orderId: input.orderId } : {}),
      route: 'contribution',
      method: input.method,
      amount: input.amount.toString(),
      fee: fee.toString(),
      methodRef: {
        kind: ref.kind,
        id: ref.id ?? null,
        last4: ref.last4 ?? null,
        label: ref.label ?? null,
        bankCode: ref.bankCode ?? null,
      },
    },
    now,
  });
  if (replayed) return { ...toTransferView(row), replayed };
  // The method's weekly limit (decision 053), the new deposit counted: over it, the caller's transaction rolls back.
  if (!input.orderId)
    await assertDepositWithinLimits(tx, input.userGuid, now, {
      method: input.method,
      amount: input.amount,
      alreadyCounted: true,
    });
  await recordTransferTransition(tx, row.id, null, 'pending', `Created: ${input.method} deposit`, now);
  let current = row;
  if (instant) {
    const transactionId = await postContributionCredit(tx, row, { status: 'available' });
    current = await updateTransfer(tx, row.id, { funds_available: true, credit_transaction_id: transactionId }, now);
  }
  await scheduleSettlement(tx, deps, current);
  return { ...toTransferView(current), replayed: false };
}
