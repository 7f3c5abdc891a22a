import type { UserInfo, VerifyAttributeRequest } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import { checkCode } from './check-code';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserById, toUserInfo, updateUser } from './repository';
import { mailSecondFactorChange } from './second-factor-notice';

/**
 * Confirms the pending phone number with its SMS code; only then can SMS_OTP be chosen (R2). When the texted codes
 * already go to the phone, the user is mailed that they now go to another (decision 105).
 */
export async function verifyAttribute(
  ctx: IdentityContext,
  who: AuthUser,
  input: VerifyAttributeRequest,
  meta: RequestMeta,
): Promise<UserInfo> {
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  if (!user.pending_phone) throw identityError('InvalidParameterException', 'noPhoneCode');
  await checkCode(ctx, user, 'verify_phone', input.code, meta);
  const phone = user.pending_phone;
  const updated = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const after = await updateUser(
      tx,
      user.id,
      { phone_number: phone, phone_verified: true, pending_phone: null },
      now,
    );
    // Where the texted sign-in codes go is part of the second factor (decision 105).
    await mailSecondFactorChange(ctx, tx, user, after, now);
    return after;
  });
  return toUserInfo(updated);
}
