import type { ConfirmSignUpRequest, ConfirmSignUpResponse } from '@rampart/contracts';
import type { IdentityContext, RequestMeta } from './context';
import { checkCode } from './check-code';
import { startSecondFactor } from './complete-sign-in';
import { identityError } from './errors';
import { verifyPassword } from './passwords';
import { findUserByEmail, updateUser } from './repository';

/**
 * Document 2, section 8 reads the sign-up status from this call: UserNotFound means not signed up,
 * NotAuthorized means already confirmed, anything else means not confirmed.
 *
 * With the password the user typed at sign-up, the account is also signed in: the code that just proved the
 * mailbox is that sign-in's emailed factor, so only an authenticator or SMS factor would still be asked for
 * (docs/decisions/057-sign-up-in-one-pass-and-change-password.md). A wrong password leaves the account
 * confirmed and signed out; that guess counts like any other.
 */
export async function confirmSignUp(
  ctx: IdentityContext,
  input: ConfirmSignUpRequest,
  meta: RequestMeta,
): Promise<ConfirmSignUpResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw identityError('UserNotFoundException', 'userNotFound');
  if (user.status === 'CONFIRMED') throw identityError('NotAuthorizedException', 'alreadyConfirmed');
  await checkCode(ctx, user, 'sign_up', input.code, meta);
  await updateUser(ctx.db, user.id, { status: 'CONFIRMED' }, ctx.clock.now());
  ctx.events?.record('sign_up', 'server');
  if (input.password === undefined) return { ok: true };
  const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
  if (!(await verifyPassword(user.password_hash, input.password))) return { ok: true };
  await attempt.release();
  return { ok: true, signIn: await startSecondFactor(ctx, { ...user, status: 'CONFIRMED' }, 'email_code', meta) };
}
