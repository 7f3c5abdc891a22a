import type { CodeDeliveryResponse, ReauthenticateRequest, ReauthenticateResponse } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import { checkCode } from './check-code';
import { secondFactorOf } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { verifyPassword } from './passwords';
import { findUserById, type UserRow } from './repository';
import { sendCode } from './send-code';
import { REAUTH_SECONDS } from './tokens';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Re-authentication before any second-factor change (decision 006): the password, or a code of the factor the
 * user has now. The reply is a 5-minute token bound to this session, asked for by the change calls.
 */
export async function reauthenticate(
  ctx: IdentityContext,
  who: AuthUser,
  input: ReauthenticateRequest,
  meta: RequestMeta,
): Promise<ReauthenticateResponse> {
  const user = await loadUser(ctx, who);
  if ('password' in input) {
    const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
    if (!(await verifyPassword(user.password_hash, input.password)))
      throw identityError('NotAuthorizedException', 'notAuthorized');
    await attempt.release();
  } else if (user.totp_secret !== null) {
    await verifyTotpCode(ctx, user, user.totp_secret, input.code, meta);
  } else {
    await checkCode(ctx, user, 'reauth', input.code, meta);
  }
  return { reauthToken: await ctx.tokens.reauthToken(user.id, who.sessionId), expiresIn: REAUTH_SECONDS };
}

/** Sends the re-authentication code to the email or the confirmed phone, whichever the user signs in with. */
export async function sendReauthCode(ctx: IdentityContext, who: AuthUser): Promise<CodeDeliveryResponse> {
  const user = await loadUser(ctx, who);
  const factor = secondFactorOf(user);
  if (factor === 'SOFTWARE_TOKEN_MFA') throw identityError('InvalidParameterException', 'reauthRequired');
  const codeDeliveryDetails =
    factor === 'SMS_OTP'
      ? await sendCode(ctx, user, 'reauth', { channel: 'sms', phone: user.phone_number ?? '' })
      : await sendCode(ctx, user, 'reauth');
  return { codeDeliveryDetails };
}

/** The change calls: a valid re-authentication token of this very session, or NotAuthorized. */
export async function requireReauth(
  ctx: IdentityContext,
  who: AuthUser,
  reauthToken: string | undefined,
): Promise<void> {
  const claims = reauthToken ? await ctx.tokens.verifyReauthToken(reauthToken) : null;
  if (!claims || claims.userGuid !== who.userGuid || claims.sessionId !== who.sessionId) {
    throw identityError('NotAuthorizedException', 'reauthRequired', { field: 'reauthToken' });
  }
}

async function loadUser(ctx: IdentityContext, who: AuthUser): Promise<UserRow> {
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  return user;
}
