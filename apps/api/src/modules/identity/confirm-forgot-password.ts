import type { ConfirmForgotPasswordRequest, OkResponse } from '@rampart/contracts';
import { checkCode } from './check-code';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { hashPassword, passwordProblem } from './passwords';
import { findUserByEmail, revokeSessions, updateUser } from './repository';

/** A new password from an emailed code. Every session is signed out: whoever had the old password is out. */
export async function confirmForgotPassword(
  ctx: IdentityContext,
  input: ConfirmForgotPasswordRequest,
  meta: RequestMeta,
): Promise<OkResponse> {
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw identityError('InvalidConfirmPasswordException', 'confirmPasswordMismatch');
  }
  const problem = passwordProblem(input.password);
  if (problem) throw identityError('InvalidPasswordException', problem);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw identityError('UserNotFoundException', 'userNotFound');
  await checkCode(ctx, user, 'forgot_password', input.code, meta);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The code reached the mailbox, which is what confirming the sign-up proves too.
    await updateUser(tx, user.id, { password_hash: passwordHash, status: 'CONFIRMED' }, now);
    await revokeSessions(tx, user.id, now);
  });
  await ctx.attempts.clearFailures(user.email);
  return { ok: true };
}
