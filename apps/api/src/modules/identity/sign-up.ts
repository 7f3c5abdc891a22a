import type { IdentityLocale, SignUpRequest, SignUpResponse } from '@rampart/contracts';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { hashPassword, passwordProblem } from './passwords';
import { findUserByEmail, insertUser } from './repository';
import { sendCode } from './send-code';

export async function signUp(
  ctx: IdentityContext,
  input: SignUpRequest,
  locale: IdentityLocale,
): Promise<SignUpResponse> {
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw identityError('InvalidConfirmPasswordException', 'confirmPasswordMismatch');
  }
  const problem = passwordProblem(input.password);
  if (problem) throw identityError('InvalidPasswordException', problem);
  // A cheap early answer for the common case; the unique constraint below is what decides under races.
  if (await findUserByEmail(ctx.db, input.email)) throw identityError('UsernameExistsException', 'usernameExists');
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { email: input.email, passwordHash, locale, now: ctx.clock.now() });
    if (!user) throw identityError('UsernameExistsException', 'usernameExists');
    const codeDeliveryDetails = await sendCode(ctx, user, 'sign_up', { tx });
    return { userGuid: user.id, userConfirmed: false, codeDeliveryDetails };
  });
}
