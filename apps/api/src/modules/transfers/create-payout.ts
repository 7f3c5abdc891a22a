import { expectedSettlement } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { placeHold, userAccount } from '../ledger';
import type { TransferDeps } from './context';
import { scheduleSettlement } from './create-contribution';
import { claimTransfer, ledgerKey } from './idempotency';
import { recordTransferTransition, updateTransfer, type TransferRow } from './repository';
import { usableBankMethod } from './request-withdrawal';

/**
 * An ACH withdrawal the platform makes for the user (a sell order's payout, decision 024), inside the caller's
 * transaction: the user asked for it by placing the order, so it needs no email confirmation. `amount` (USD cents,
 * already in the user's balance) is held at once and settles like any confirmed ACH withdrawal (5 banking days; the
 * settlement job captures the hold to the bank). No fee: the order charged it. The same key gives the same transfer.
 */
export async function createPayout(
  tx: Queryable,
  deps: TransferDeps,
  input: { userGuid: string; amount: bigint; fundsTransferMethodId: string; idempotencyKey: string },
): Promise<TransferRow> {
  const now = deps.clock.now();
  const bank = await usableBankMethod(tx, input.userGuid, input.fundsTransferMethodId.trim().toLowerCase());
  const { row, replayed } = await claimTransfer(tx, {
    userId: input.userGuid,
    direction: 'disbursement',
    method: 'ach',
    status: 'pending',
    amount: input.amount,
    fee: 0n,
    methodKind: 'bank',
    methodId: bank.id,
    methodLast4: bank.mask,
    methodLabel: bank.account_name,
    methodBankCode: null,
    settlesAt: null,
    confirmTokenHash: null,
    confirmBy: null,
    idempotencyKey: input.idempotencyKey,
    request: { route: 'payout', amount: input.amount.toString(), fundsTransferMethodId: bank.id },
    now,
  });
  if (replayed) return row;
  const { holdId } = await placeHold(tx, {
    idempotencyKey: ledgerKey(row.id, 'hold'),
    account: userAccount(input.userGuid, 'USD'),
    asset: 'USD',
    amount: input.amount,
    metadata: { kind: 'withdrawal', method: 'ach', transferId: row.id, payout: true },
  });
  const confirmed = await updateTransfer(
    tx,
    row.id,
    { hold_id: holdId, confirmed_at: now, settles_at: expectedSettlement('ach', now) },
    now,
  );
  await recordTransferTransition(tx, row.id, null, 'pending', 'Created: ACH payout of a sale', now);
  await scheduleSettlement(tx, deps, confirmed);
  return confirmed;
}
