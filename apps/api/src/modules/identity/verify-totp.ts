import type { TotpVerifyRequest, UserInfo } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserById, toUserInfo, updateUser } from './repository';
import { mailSecondFactorChange } from './second-factor-notice';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Proves the pending authenticator works and switches sign-in to it (R2: the authenticator code whenever
 * one is set up). Re-authentication was asked for when the secret was associated. The user is mailed (decision 105).
 */
export async function verifyTotp(
  ctx: IdentityContext,
  who: AuthUser,
  input: TotpVerifyRequest,
  meta: RequestMeta,
): Promise<UserInfo> {
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  const secret = user.totp_pending_secret;
  if (!secret) throw identityError('InvalidParameterException', 'totpNotAssociated');
  // A new secret starts a new step history; the step it is verified with is its first use.
  await updateUser(ctx.db, user.id, { totp_last_step: null }, ctx.clock.now());
  await verifyTotpCode(ctx, user, secret, input.code, meta);
  const updated = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const after = await updateUser(
      tx,
      user.id,
      { totp_secret: secret, totp_pending_secret: null, preferred_mfa: 'SOFTWARE_TOKEN_MFA' },
      now,
    );
    await mailSecondFactorChange(ctx, tx, user, after, now);
    return after;
  });
  return toUserInfo(updated);
}
