import type { PlaidLinkTokenReply } from '@rampart/contracts';
import type { MethodsContext } from './context';

/** `/plaid-ui-token`: a link token for the caller to start linking a bank. */
export async function createLinkToken(ctx: MethodsContext, userId: string): Promise<PlaidLinkTokenReply> {
  const { linkToken, expiration } = await ctx.bankLink.createLinkToken({ clientUserId: userId, now: ctx.clock.now() });
  return { linkToken, expiration: expiration.toISOString() };
}
