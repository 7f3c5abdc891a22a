import type { SignInRequest, SignInResponse } from '@rampart/contracts';
import { startSecondFactor } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { verifyPassword } from './passwords';
import { findUserByEmail } from './repository';

/** Sign in with the password; the reply is the second-factor challenge R2 requires (or tokens when off). */
export async function signIn(ctx: IdentityContext, input: SignInRequest, meta: RequestMeta): Promise<SignInResponse> {
  const subjects = { account: input.email, ip: meta.ip };
  await ctx.attempts.assertCanTry(subjects);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    // The SPA signs the user up on UserNotFound (document 1, section 4), so the pool says so; the guess
    // still counts against the address so it cannot be used to sweep for accounts.
    await ctx.attempts.recordFailure({ ip: meta.ip });
    throw identityError('UserNotFoundException', 'userNotFound');
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await ctx.attempts.recordFailure(subjects);
    throw identityError('NotAuthorizedException', 'notAuthorized');
  }
  // Only after the password: an unconfirmed account is not revealed to someone without it.
  if (user.status !== 'CONFIRMED') throw identityError('UserNotConfirmedException', 'userNotConfirmed');
  return startSecondFactor(ctx, user, 'password', meta);
}
