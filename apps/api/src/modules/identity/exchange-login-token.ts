import type { LoginTokenRequest, LoginTokenResponse } from '@rampart/contracts';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { findLiveSession } from './repository';
import { LOGIN_TOKEN_SECONDS } from './tokens';

/**
 * Document 2, section 7: the pool's id token in, the API's login token out. The login token belongs to the
 * same session, so signing out or changing the password ends it too.
 */
export async function exchangeLoginToken(ctx: IdentityContext, input: LoginTokenRequest): Promise<LoginTokenResponse> {
  const claims = await ctx.tokens.verifySessionToken(input.token, ['id']);
  const now = ctx.clock.now();
  const session = claims ? await findLiveSession(ctx.db, claims.sessionId, now) : undefined;
  if (!claims || !session || session.user_id !== claims.userGuid)
    throw identityError('NotAuthorizedException', 'tokenInvalid', { field: 'token' });
  const token = await ctx.tokens.sessionToken(
    { use: 'api', userGuid: claims.userGuid, sessionId: claims.sessionId, email: session.email },
    LOGIN_TOKEN_SECONDS,
  );
  return {
    userGuid: claims.userGuid,
    email: session.email,
    token,
    tokenType: 'Bearer',
    // Whole seconds, as the token's own exp claim.
    expiresAt: new Date((Math.floor(now.getTime() / 1000) + LOGIN_TOKEN_SECONDS) * 1000).toISOString(),
    expiresIn: LOGIN_TOKEN_SECONDS,
    loginMethod: session.login_method,
  };
}
