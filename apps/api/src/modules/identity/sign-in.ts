import type { SignInRequest, SignInResponse } from '@rampart/contracts';
import { startSecondFactor } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { verifyNoPassword, verifyPassword } from './passwords';
import { findUserByEmail } from './repository';

/** Sign in with the password; the reply is the second-factor challenge R2 requires (or tokens when off). */
export async function signIn(ctx: IdentityContext, input: SignInRequest, meta: RequestMeta): Promise<SignInResponse> {
  // Counted before it is judged (decision 050): a wrong password stays counted, a right one is released.
  const attempt = await ctx.attempts.begin({ account: input.email, ip: meta.ip });
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    // As long as a wrong password takes: the time of the reply does not tell the two apart.
    await verifyNoPassword(input.password);
    // The SPA signs the user up on UserNotFound (document 1, section 4), so the pool says so; the guess
    // still counts against the address so it cannot be used to sweep for accounts.
    await attempt.release('account');
    throw identityError('UserNotFoundException', 'userNotFound');
  }
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw identityError('NotAuthorizedException', 'notAuthorized');
  await attempt.release();
  // Only after the password: an unconfirmed account is not revealed to someone without it.
  if (user.status !== 'CONFIRMED') throw identityError('UserNotConfirmedException', 'userNotConfirmed');
  return startSecondFactor(ctx, user, 'password', meta);
}
