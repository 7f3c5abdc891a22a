import type { MfaPreferenceRequest, UserInfo } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { requireReauth } from './reauthenticate';
import { findUserById, toUserInfo, updateUser } from './repository';

/**
 * Chooses the second factor (R2). Leaving the authenticator removes its secret ("disable back to the emailed
 * code"); SMS needs a confirmed phone; the authenticator needs a verified secret.
 */
export async function setMfaPreference(
  ctx: IdentityContext,
  who: AuthUser,
  input: MfaPreferenceRequest,
): Promise<UserInfo> {
  await requireReauth(ctx, who, input.reauthToken);
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  const now = ctx.clock.now();
  switch (input.preferred) {
    case 'SOFTWARE_TOKEN_MFA':
      if (!user.totp_secret) throw identityError('InvalidParameterException', 'totpNotVerified');
      return toUserInfo(await updateUser(ctx.db, user.id, { preferred_mfa: 'SOFTWARE_TOKEN_MFA' }, now));
    case 'SMS_OTP':
      if (!user.phone_number || !user.phone_verified)
        throw identityError('InvalidParameterException', 'phoneNotVerified');
      return toUserInfo(
        await updateUser(
          ctx.db,
          user.id,
          { preferred_mfa: 'SMS_OTP', totp_secret: null, totp_pending_secret: null },
          now,
        ),
      );
    case 'EMAIL_OTP':
      return toUserInfo(
        await updateUser(
          ctx.db,
          user.id,
          { preferred_mfa: 'EMAIL_OTP', totp_secret: null, totp_pending_secret: null },
          now,
        ),
      );
  }
}
