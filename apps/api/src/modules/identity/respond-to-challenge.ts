import type { RespondToChallengeRequest, SignInResponse } from '@rampart/contracts';
import { checkCode } from './check-code';
import { completeSignIn, startSecondFactor } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { AppError } from '../../lib/app-error';
import { findUserById, updateUser } from './repository';
import { verifyTotpCode } from './verify-totp-code';

/**
 * The answer to a second-factor challenge. A session token that is unknown, expired or names a user that is gone is
 * 'no login session'; a challenge other than the pending one, or an authenticator code for a user who no longer has
 * one, is 'challenge failed' (document 2, section 8; docs/decisions/066-auth-errors-and-settlement-texts.md).
 */
export async function respondToChallenge(
  ctx: IdentityContext,
  input: RespondToChallengeRequest,
  meta: RequestMeta,
): Promise<SignInResponse> {
  const challenge = await ctx.tokens.verifyChallengeToken(input.session);
  if (!challenge) throw new AppError('no_login_session');
  if (challenge.challengeName !== input.challengeName) throw new AppError('challenge_failed');
  const user = await findUserById(ctx.db, challenge.userGuid);
  if (!user) throw new AppError('no_login_session');

  switch (challenge.challengeName) {
    case 'CUSTOM_CHALLENGE': {
      await checkCode(ctx, user, 'sign_in', input.code, meta);
      // Document 1, section 4: a successful custom challenge sets the application name 'ramp'.
      const updated = await updateUser(ctx.db, user.id, { application_name: 'ramp' }, ctx.clock.now());
      return startSecondFactor(ctx, updated, 'email_code', meta);
    }
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      await checkCode(ctx, user, 'mfa', input.code, meta);
      return completeSignIn(ctx, user, challenge.challengeName, meta);
    case 'SOFTWARE_TOKEN_MFA':
      if (!user.totp_secret) throw new AppError('challenge_failed');
      await verifyTotpCode(ctx, user, user.totp_secret, input.code, meta);
      return completeSignIn(ctx, user, 'SOFTWARE_TOKEN_MFA', meta);
  }
}
