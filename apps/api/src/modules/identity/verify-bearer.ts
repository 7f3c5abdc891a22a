import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { findLiveSessionBatched } from './repository';

/**
 * What the authenticate preHandler asks: does this bearer token name a live session? Access tokens (identity
 * calls) and login tokens (every other API call) both qualify; id tokens only buy a login token. The session
 * row is read every time, so a sign-out or password change takes effect at once, not at token expiry (concurrent
 * requests' reads share a statement, decision 041).
 */
export async function verifyBearer(ctx: IdentityContext, token: string): Promise<AuthUser | null> {
  const claims = await ctx.tokens.verifySessionToken(token, ['access', 'api']);
  if (!claims) return null;
  const session = await findLiveSessionBatched(ctx.db, claims.sessionId, ctx.clock.now());
  if (!session || session.user_id !== claims.userGuid) return null;
  return {
    userGuid: claims.userGuid,
    email: session.email,
    sessionId: session.id,
    via: 'login',
    accountFrozen: session.account_frozen === true,
  };
}
