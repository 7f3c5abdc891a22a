import type { BankAccountRemoveReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { MethodsContext } from './context';
import { findBankMethodOfUser, markRemoved } from './repository';

/** `/bank-account-remove`: the owner's method only; another user's id, or one already removed, is unknown (404). */
export async function removeBankMethod(
  ctx: MethodsContext,
  userId: string,
  methodId: string,
): Promise<BankAccountRemoveReply> {
  await ctx.db.transaction(async (tx) => {
    const method = await findBankMethodOfUser(tx, userId, methodId, { forUpdate: true });
    if (!method) throw new AppError('bank_method_unknown');
    await markRemoved(tx, method.id, ctx.clock.now());
  });
  return { success: true, fundsTransferMethodId: methodId };
}
