import {
  normaliseSandboxAmount,
  type DepositRequest,
  type TransferMethodKey,
  type TransferReply,
} from '@rampart/contracts';
import { LEDGER_TRANSACTION_OPTIONS, toMinorUnits } from '../ledger';
import type { TransfersContext } from './context';
import { createContribution } from './create-contribution';
import { requireOpenedAccount } from './money';
import { usableBankMethod } from './request-withdrawal';
import { methodOfKey } from './view';

/**
 * `/api/transfers/deposit`: a deposit we pull from one of the caller's linked banks, by ACH (pending 5 banking days)
 * or instant ACH (available at once). The bank method must be the caller's own (404) and not waiting for its login
 * again (409 with the re-auth notice under ItemRequiredLogin). The account must be opened (409).
 */
export async function requestDeposit(
  ctx: TransfersContext,
  userGuid: string,
  body: DepositRequest,
  idempotencyKey: string,
): Promise<TransferReply> {
  const method = methodOfKey(body.method as TransferMethodKey);
  const amount = toMinorUnits(normaliseSandboxAmount(body.amount as string | number), 'USD');
  return ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const bank = await usableBankMethod(tx, userGuid, (body.fundsTransferMethodId ?? '').trim());
    const { replayed, ...transfer } = await createContribution(tx, ctx, {
      userGuid,
      method,
      amount,
      methodRef: { kind: 'bank', id: bank.id, last4: bank.mask, label: bank.account_name },
      idempotencyKey,
    });
    return { transfer, replayed };
  }, LEDGER_TRANSACTION_OPTIONS);
}
