import type { RespondToChallengeRequest, SignInResponse } from '@rampart/contracts';
import { checkCode } from './check-code';
import { completeSignIn, startSecondFactor } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserById, updateUser } from './repository';
import { verifyTotpCode } from './verify-totp-code';

export async function respondToChallenge(ctx: IdentityContext, input: RespondToChallengeRequest, meta: RequestMeta): Promise<SignInResponse> {
  const challenge = await ctx.tokens.verifyChallengeToken(input.session);
  if (!challenge) throw identityError('NotAuthorizedException', 'invalidSession');
  if (challenge.challengeName !== input.challengeName) throw identityError('InvalidParameterException', 'wrongChallenge');
  const user = await findUserById(ctx.db, challenge.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');

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
      if (!user.totp_secret) throw identityError('NotAuthorizedException', 'invalidSession');
      await verifyTotpCode(ctx, user, user.totp_secret, input.code, meta);
      return completeSignIn(ctx, user, 'SOFTWARE_TOKEN_MFA', meta);
  }
}
