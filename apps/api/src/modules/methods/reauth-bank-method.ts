import type { BankAccountReply, PlaidBankAccountReauthRequest } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { callBankLink } from './bank-link-errors';
import type { MethodsContext } from './context';
import { findBankMethodOfUser, setItemLoginRequired, toBankAccount } from './repository';
import { findRelatedId } from '../kyc';

/**
 * `/plaid-bank-account-reauth`: the public token of a re-auth link (update mode) for the method's item clears
 * login-required on the item's methods. A token of a plain link, or of another item, is refused.
 */
export async function reauthBankMethod(
  ctx: MethodsContext,
  userId: string,
  input: PlaidBankAccountReauthRequest,
): Promise<BankAccountReply> {
  const now = ctx.clock.now();
  const method = await findBankMethodOfUser(ctx.db, userId, input.fundsTransferMethodId);
  if (!method) throw new AppError('bank_method_unknown');
  const item = await callBankLink(() =>
    ctx.bankLink.exchangePublicToken({ publicToken: input.publicToken, clientUserId: userId, now }),
  );
  if (!item.updateMode || item.itemId !== method.item_id) throw new AppError('bank_link_expired');
  const row = await ctx.db.transaction(async (tx) => {
    await setItemLoginRequired(tx, userId, method.item_id, false, now);
    return findBankMethodOfUser(tx, userId, method.id);
  });
  if (!row) throw new AppError('bank_method_unknown');
  return { account: toBankAccount(row, await findRelatedId(ctx.db, userId)) };
}
