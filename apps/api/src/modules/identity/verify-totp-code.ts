import type { Queryable } from '../../db';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { consumeTotpStep, totpLastStep, type UserRow } from './repository';
import { secondsUntilAfterStep, totpStepOf } from './totp';

/**
 * Judges an authenticator code and spends its time step in `q`: 'wrong' for a code of no step in the window;
 * a code whose step was already used (a right code, used twice in its 30 seconds) is refused with the seconds until
 * the next code (decision 056) and is not a failure.
 */
export async function spendTotpCode(
  q: Queryable,
  user: Pick<UserRow, 'id'>,
  secret: string,
  code: string,
  now: Date,
): Promise<'ok' | 'wrong'> {
  const step = totpStepOf(secret, code, now);
  if (step === null) return 'wrong';
  if (await consumeTotpStep(q, user.id, step)) return 'ok';
  const last = Math.max(step, (await totpLastStep(q, user.id)) ?? step);
  throw identityError('CodeMismatchException', 'codeUsed', { params: { seconds: secondsUntilAfterStep(last, now) } });
}

/** An authenticator code against a secret, under the abuse limits; each time step is accepted once. */
export async function verifyTotpCode(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'email'>,
  secret: string,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  // Counted before it is judged (decision 050): a wrong code stays counted; a right one, used or not, is given back.
  const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
  let result: 'ok' | 'wrong';
  try {
    result = await spendTotpCode(ctx.db, user, secret, code, ctx.clock.now());
  } catch (error) {
    await attempt.release();
    throw error;
  }
  if (result === 'wrong') throw identityError('CodeMismatchException', 'codeMismatch');
  await attempt.release();
}
