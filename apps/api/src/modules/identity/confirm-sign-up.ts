import type { ConfirmSignUpRequest, OkResponse } from '@rampart/contracts';
import type { IdentityContext, RequestMeta } from './context';
import { checkCode } from './check-code';
import { identityError } from './errors';
import { findUserByEmail, updateUser } from './repository';

/**
 * Document 2, section 8 reads the sign-up status from this call: UserNotFound means not signed up,
 * NotAuthorized means already confirmed, anything else means not confirmed.
 */
export async function confirmSignUp(ctx: IdentityContext, input: ConfirmSignUpRequest, meta: RequestMeta): Promise<OkResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw identityError('UserNotFoundException', 'userNotFound');
  if (user.status === 'CONFIRMED') throw identityError('NotAuthorizedException', 'alreadyConfirmed');
  await checkCode(ctx, user, 'sign_up', input.code, meta);
  await updateUser(ctx.db, user.id, { status: 'CONFIRMED' }, ctx.clock.now());
  ctx.events?.record('sign_up', 'server');
  return { ok: true };
}
