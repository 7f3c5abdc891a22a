import { serverMessage, type BankAccountReply, type PlaidBankAccountAddRequest } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { callBankLink } from './bank-link-errors';
import type { MethodsContext } from './context';
import { isBlacklisted } from './institutions';
import { toBankAccount, upsertBankMethod } from './repository';
import { findRelatedId } from '../kyc';

/**
 * `/plaid-bank-account-add`: exchanges the public token and stores the chosen account as a method. What is stored
 * comes from the exchange (the bank-link service's word), not from the names in the record; the record must agree
 * with it. Idempotent: the same item and account answer the same method.
 */
export async function addBankMethod(
  ctx: MethodsContext,
  userId: string,
  input: PlaidBankAccountAddRequest,
): Promise<BankAccountReply> {
  const now = ctx.clock.now();
  const item = await callBankLink(() =>
    ctx.bankLink.exchangePublicToken({ publicToken: input.publicToken, clientUserId: userId, now }),
  );
  if (isBlacklisted(ctx, item.institution.name) || isBlacklisted(ctx, input.institutionName)) {
    throw new AppError('bank_not_supported', {
      message: serverMessage('bankLink.bankNotSupported', { bankName: item.institution.name }),
    });
  }
  if (item.institution.id !== input.institutionId)
    throw new AppError('bank_link_expired', {
      message: 'The bank does not match the linked bank. Please link your bank again.',
    });
  const account = item.accounts.find((candidate) => candidate.id === input.accountId);
  if (!account || input.account.id !== input.accountId) throw new AppError('bank_account_not_in_link');
  const row = await ctx.db.transaction((tx) =>
    upsertBankMethod(
      tx,
      userId,
      {
        itemId: item.itemId,
        accountId: account.id,
        institutionId: item.institution.id,
        institutionName: item.institution.name,
        accountName: account.name,
        mask: account.mask,
        subtype: account.subtype,
      },
      now,
    ),
  );
  return { account: toBankAccount(row, await findRelatedId(ctx.db, userId)) };
}
