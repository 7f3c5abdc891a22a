import type { ChallengeReply, EmailOnlyRequest } from '@rampart/contracts';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserByEmail } from './repository';
import { sendCode } from './send-code';

/** The custom challenge: a sign-in code sent to the email, answered at respond-to-challenge. */
export async function signInWithCode(
  ctx: IdentityContext,
  input: EmailOnlyRequest,
  meta: RequestMeta,
): Promise<ChallengeReply> {
  await ctx.attempts.assertCanTry({ account: input.email, ip: meta.ip });
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw identityError('UserNotFoundException', 'userNotFound');
  if (user.status !== 'CONFIRMED') throw identityError('UserNotConfirmedException', 'userNotConfirmed');
  const codeDeliveryDetails = await sendCode(ctx, user, 'sign_in');
  const session = await ctx.tokens.challengeToken({
    userGuid: user.id,
    challengeName: 'CUSTOM_CHALLENGE',
    via: 'email_code',
  });
  return { challengeName: 'CUSTOM_CHALLENGE', loginMethod: 'NONE', session, codeDeliveryDetails };
}
