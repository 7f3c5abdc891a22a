import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { consumeTotpStep, type UserRow } from './repository';
import { totpStepOf } from './totp';

/** An authenticator code against a secret, under the abuse limits; each time step is accepted once. */
export async function verifyTotpCode(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'email'>,
  secret: string,
  code: string,
  meta: RequestMeta,
): Promise<number> {
  const subjects = { account: user.email, ip: meta.ip };
  await ctx.attempts.assertCanTry(subjects);
  const step = totpStepOf(secret, code, ctx.clock.now());
  if (step === null) {
    await ctx.attempts.recordFailure(subjects);
    throw identityError('CodeMismatchException', 'codeMismatch');
  }
  // A replay is refused like a wrong code (a second use within the window is someone else's use).
  if (!(await consumeTotpStep(ctx.db, user.id, step))) {
    await ctx.attempts.recordFailure(subjects);
    throw identityError('CodeMismatchException', 'codeMismatch');
  }
  return step;
}
