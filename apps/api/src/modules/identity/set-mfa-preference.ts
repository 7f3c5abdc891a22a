import type { MfaPreferenceRequest, UserInfo } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { requireReauth } from './reauthenticate';
import { findUserById, toUserInfo, updateUser, type UserRow } from './repository';
import { mailSecondFactorChange } from './second-factor-notice';

/**
 * Chooses the second factor (R2). Leaving the authenticator removes its secret ("disable back to the emailed
 * code"); SMS needs a confirmed phone; the authenticator needs a verified secret. A change is mailed to the user, a
 * choice of what already was is not (docs/decisions/105-mail-on-second-factor-change.md).
 */
export async function setMfaPreference(
  ctx: IdentityContext,
  who: AuthUser,
  input: MfaPreferenceRequest,
): Promise<UserInfo> {
  await requireReauth(ctx, who, input.reauthToken);
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  const changes = changesFor(user, input.preferred);
  const updated = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const after = await updateUser(tx, user.id, changes, now);
    await mailSecondFactorChange(ctx, tx, user, after, now);
    return after;
  });
  return toUserInfo(updated);
}

function changesFor(
  user: UserRow,
  preferred: MfaPreferenceRequest['preferred'],
): Pick<UserRow, 'preferred_mfa'> & Partial<Pick<UserRow, 'totp_secret' | 'totp_pending_secret'>> {
  switch (preferred) {
    case 'SOFTWARE_TOKEN_MFA':
      if (!user.totp_secret) throw identityError('InvalidParameterException', 'totpNotVerified');
      return { preferred_mfa: 'SOFTWARE_TOKEN_MFA' };
    case 'SMS_OTP':
      if (!user.phone_number || !user.phone_verified)
        throw identityError('InvalidParameterException', 'phoneNotVerified');
      return { preferred_mfa: 'SMS_OTP', totp_secret: null, totp_pending_secret: null };
    case 'EMAIL_OTP':
      return { preferred_mfa: 'EMAIL_OTP', totp_secret: null, totp_pending_secret: null };
  }
}
