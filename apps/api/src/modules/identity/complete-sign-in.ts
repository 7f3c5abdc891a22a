import type { AuthenticatedReply, ChallengeReply, LoginMethodType } from '@rampart/contracts';
import type { IdentityContext, RequestMeta } from './context';
import { insertSession, type UserRow } from './repository';
import { sendCode } from './send-code';
import { ACCESS_TOKEN_SECONDS, newRefreshToken, REFRESH_TOKEN_DAYS, refreshTokenHash } from './tokens';

/** Opens a session: a revocable refresh token (stored as SHA-256) and short-lived access and id tokens. */
export async function completeSignIn(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'email'>,
  loginMethod: LoginMethodType,
  meta: RequestMeta,
): Promise<AuthenticatedReply> {
  const now = ctx.clock.now();
  const refreshToken = newRefreshToken();
  const sessionId = await ctx.db.transaction((tx) =>
    insertSession(tx, {
      userId: user.id,
      refreshHash: refreshTokenHash(refreshToken),
      loginMethod,
      clientIp: meta.ip,
      now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000),
    }),
  );
  await ctx.attempts.clearFailures(user.email);
  ctx.events?.record('login', 'server');
  const claims = { userGuid: user.id, sessionId, email: user.email };
  return {
    loginMethod,
    authenticationResult: {
      accessToken: await ctx.tokens.sessionToken({ ...claims, use: 'access' }, ACCESS_TOKEN_SECONDS),
      idToken: await ctx.tokens.sessionToken({ ...claims, use: 'id' }, ACCESS_TOKEN_SECONDS),
      refreshToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      tokenType: 'Bearer',
    },
  };
}

/** R2: the factor a user's sign-in asks for, from what they set up. */
export function secondFactorOf(
  user: Pick<UserRow, 'preferred_mfa' | 'totp_secret' | 'phone_number' | 'phone_verified'>,
): 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP' | 'SMS_OTP' {
  if (user.totp_secret !== null) return 'SOFTWARE_TOKEN_MFA';
  if (user.preferred_mfa === 'SMS_OTP' && user.phone_number !== null && user.phone_verified) return 'SMS_OTP';
  return 'EMAIL_OTP';
}

/**
 * After the first step: R2 makes a second factor mandatory while the flag "2FA required" is on. A user who
 * came in with the emailed sign-in code already proved the mailbox, so asking for a second emailed code adds
 * nothing; they are asked for the authenticator or SMS code only when they set one up
 * (docs/decisions: identity second factor).
 */
export async function startSecondFactor(
  ctx: IdentityContext,
  user: UserRow,
  via: 'password' | 'email_code',
  meta: RequestMeta,
): Promise<ChallengeReply | AuthenticatedReply> {
  if (!ctx.flags.twoFactorRequired) return completeSignIn(ctx, user, 'NONE', meta);
  const factor = secondFactorOf(user);
  if (via === 'email_code' && factor === 'EMAIL_OTP') return completeSignIn(ctx, user, 'NONE', meta);
  const session = await ctx.tokens.challengeToken({ userGuid: user.id, challengeName: factor, via });
  if (factor === 'SOFTWARE_TOKEN_MFA') return { challengeName: factor, loginMethod: factor, session };
  const codeDeliveryDetails =
    factor === 'SMS_OTP'
      ? await sendCode(ctx, user, 'mfa', { channel: 'sms', phone: user.phone_number ?? '' })
      : await sendCode(ctx, user, 'mfa');
  return { challengeName: factor, loginMethod: factor, session, codeDeliveryDetails };
}
