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
  // Counted before it is judged (decision 050): a wrong or replayed code stays counted.
  const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
  const step = totpStepOf(secret, code, ctx.clock.now());
  // A replay is refused like a wrong code (a second use within the window is someone else's use).
  if (step === null || !(await consumeTotpStep(ctx.db, user.id, step))) throw identityError('CodeMismatchException', 'codeMismatch');
  await attempt.release();
  return step;
}
