import type { RefreshRequest, RefreshResponse } from '@rampart/contracts';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { findSessionByRefreshHash, findUserById, touchSession } from './repository';
import { ACCESS_TOKEN_SECONDS, refreshTokenHash } from './tokens';

/** New access and id tokens for a live session; a revoked or expired refresh token is refused. */
export async function refreshSession(ctx: IdentityContext, input: RefreshRequest): Promise<RefreshResponse> {
  const session = await findSessionByRefreshHash(ctx.db, refreshTokenHash(input.refreshToken));
  if (!session) throw identityError('NotAuthorizedException', 'invalidRefreshToken');
  const now = ctx.clock.now();
  if (session.revoked_at !== null || new Date(session.expires_at).getTime() <= now.getTime()) {
    throw identityError('NotAuthorizedException', 'refreshRevoked');
  }
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw identityError('NotAuthorizedException', 'invalidRefreshToken');
  await touchSession(ctx.db, session.id, now);
  const claims = { userGuid: user.id, sessionId: session.id, email: user.email };
  return {
    authenticationResult: {
      accessToken: await ctx.tokens.sessionToken({ ...claims, use: 'access' }, ACCESS_TOKEN_SECONDS),
      idToken: await ctx.tokens.sessionToken({ ...claims, use: 'id' }, ACCESS_TOKEN_SECONDS),
      expiresIn: ACCESS_TOKEN_SECONDS,
      tokenType: 'Bearer',
    },
  };
}
