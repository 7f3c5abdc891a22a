import type { AccountReply } from '@rampart/contracts';
import type { AccountsContext } from './context';
import { getAccount } from './get-account';
import { enqueueReview } from './review-application';

/**
 * `/primetrust-account-refresh`: asks the custodian again about a pending application (a review job now) and
 * answers the status as it stands. Never retried by the client (document 2, section 7).
 */
export async function refreshAccount(ctx: AccountsContext, userId: string): Promise<AccountReply> {
  const account = await getAccount(ctx.db, userId);
  if (account.status === 'pending') await enqueueReview(ctx.jobs, ctx.db, userId, 0);
  return account;
}
