import type { RefreshRequest, RefreshResponse } from '@rampart/contracts';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import {
  findUserById,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenRotated,
  revokeSessions,
  touchSession,
  type SessionRow,
} from './repository';
import { ACCESS_TOKEN_SECONDS, newRefreshToken, REFRESH_REUSE_GRACE_SECONDS, refreshTokenHash } from './tokens';

/**
 * New access, id and refresh tokens for a live session (decision 050). The refresh token rotates: the one sent is
 * replaced by the one in the reply. A replaced token sent again within the grace (another tab, a lost reply) gets
 * tokens too; later, it means two parties hold the session's tokens, so the whole session is revoked.
 */
export async function refreshSession(ctx: IdentityContext, input: RefreshRequest): Promise<RefreshResponse> {
  const now = ctx.clock.now();
  const presented = refreshTokenHash(input.refreshToken);
  const refreshToken = newRefreshToken();
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ refused: 'invalidRefreshToken' | 'refreshRevoked' } | { session: SessionRow }> => {
      const token = await lockRefreshToken(tx, presented);
      if (!token) return { refused: 'invalidRefreshToken' };
      if (token.revoked_at !== null || new Date(token.expires_at).getTime() <= now.getTime())
        return { refused: 'refreshRevoked' };
      if (
        token.rotated_at !== null &&
        new Date(token.rotated_at).getTime() + REFRESH_REUSE_GRACE_SECONDS * 1000 <= now.getTime()
      ) {
        await revokeSessions(tx, token.user_id, now, { only: token.id });
        return { refused: 'refreshRevoked' };
      }
      await markRefreshTokenRotated(tx, presented, now);
      await insertRefreshToken(tx, token.id, refreshTokenHash(refreshToken), now);
      await touchSession(tx, token.id, now);
      return { session: token };
    },
  );
  if ('refused' in outcome) throw identityError('NotAuthorizedException', outcome.refused, { field: 'refreshToken' });
  const user = await findUserById(ctx.db, outcome.session.user_id);
  if (!user) throw identityError('NotAuthorizedException', 'invalidRefreshToken', { field: 'refreshToken' });
  const claims = { userGuid: user.id, sessionId: outcome.session.id, email: user.email };
  return {
    authenticationResult: {
      accessToken: await ctx.tokens.sessionToken({ ...claims, use: 'access' }, ACCESS_TOKEN_SECONDS),
      idToken: await ctx.tokens.sessionToken({ ...claims, use: 'id' }, ACCESS_TOKEN_SECONDS),
      refreshToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      tokenType: 'Bearer',
    },
  };
}
