import type { ChangePasswordRequest, OkResponse } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import { enqueueOutbox } from '../../providers/mail/outbox';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { renderPasswordChangedMail } from './mail-templates';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { findUserById, revokeSessions, updateUser } from './repository';

/**
 * Changes the password, signs out every other session (this one stays signed in) and mails the user, all in
 * one transaction (docs/decisions/057-sign-up-in-one-pass-and-change-password.md).
 */
export async function changePassword(
  ctx: IdentityContext,
  who: AuthUser,
  input: ChangePasswordRequest,
  meta: RequestMeta,
): Promise<OkResponse> {
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.proposedPassword) {
    throw identityError('InvalidConfirmPasswordException', 'confirmPasswordMismatch');
  }
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
  if (!(await verifyPassword(user.password_hash, input.previousPassword)))
    throw identityError('NotAuthorizedException', 'notAuthorized');
  await attempt.release();
  const problem = passwordProblem(input.proposedPassword);
  if (problem) throw identityError('InvalidPasswordException', problem);
  const passwordHash = await hashPassword(input.proposedPassword);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await updateUser(tx, user.id, { password_hash: passwordHash }, now);
    await revokeSessions(tx, user.id, now, { except: who.sessionId });
    const mail = renderPasswordChangedMail(user.locale);
    await enqueueOutbox(
      tx,
      ctx.jobs,
      { channel: 'email', to: user.email, template: 'password_changed', locale: user.locale, ...mail },
      now,
    );
  });
  return { ok: true };
}
