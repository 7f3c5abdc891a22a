import type { AuthUser } from '../../plugins/auth';
import type { VerificationContext } from './context';

/**
 * What `authenticateCapture` asks of a token that is not a login: is it a capture token (signature, audience,
 * expiry) whose verification session still exists and still belongs to its user? Read every time, so a deleted
 * user or session ends the token at once.
 */
export async function verifyCaptureBearer(ctx: VerificationContext, token: string): Promise<AuthUser | null> {
  const claims = await ctx.tokens.verifyCaptureToken(token);
  if (!claims) return null;
  const { rows } = await ctx.db.query<{ email: string }>(
    'SELECT u.email FROM identity_verifications v JOIN users u ON u.id = v.user_id WHERE v.id = $1 AND v.user_id = $2',
    [claims.verificationSessionId, claims.userGuid],
  );
  const email = rows[0]?.email;
  if (!email) return null;
  return { userGuid: claims.userGuid, email, sessionId: claims.verificationSessionId, via: 'capture' };
}
