import type { PlaidLinkTokenReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { MethodsContext } from './context';
import { findBankMethodOfUser } from './repository';

/** `/plaid-ui-reauth-token`: an update-mode link token for the caller's method that needs its login again. */
export async function createReauthToken(
  ctx: MethodsContext,
  userId: string,
  methodId: string,
): Promise<PlaidLinkTokenReply> {
  const method = await findBankMethodOfUser(ctx.db, userId, methodId);
  if (!method) throw new AppError('bank_method_unknown');
  if (!method.login_required) throw new AppError('bank_reauth_not_required');
  const { linkToken, expiration } = await ctx.bankLink.createLinkToken({
    clientUserId: userId,
    itemId: method.item_id,
    now: ctx.clock.now(),
  });
  return { linkToken, expiration: expiration.toISOString() };
}
