import type { UserInfo, VerifyAttributeRequest } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import { checkCode } from './check-code';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserById, toUserInfo, updateUser } from './repository';

/** Confirms the pending phone number with its SMS code; only then can SMS_OTP be chosen (R2). */
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
  const updated = await updateUser(
    ctx.db,
    user.id,
    { phone_number: user.pending_phone, phone_verified: true, pending_phone: null },
    ctx.clock.now(),
  );
  return toUserInfo(updated);
}
