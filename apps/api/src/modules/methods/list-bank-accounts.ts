import type { BankAccountListReply, BankAccountListRequest } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { MethodsContext } from './context';
import { listBankMethodsOfUser, toBankAccount } from './repository';
import { findRelatedId } from '../kyc';

/**
 * `/bank-account-list`: the caller's own bank methods. relatedId (document 2, section 7) may be sent; it must be the
 * caller's own contact id: another one is unknown (404), as every id of another user is.
 */
export async function listBankAccounts(
  ctx: MethodsContext,
  userId: string,
  input: BankAccountListRequest,
): Promise<BankAccountListReply> {
  const relatedId = await findRelatedId(ctx.db, userId);
  if (input?.relatedId !== undefined && input.relatedId !== relatedId)
    throw new AppError('not_found', { message: 'Unknown relatedId' });
  const rows = await listBankMethodsOfUser(ctx.db, userId);
  return { accounts: rows.map((row) => toBankAccount(row, relatedId)) };
}
