import type { CodePurpose } from './codes';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import type { UserRow } from './repository';

/** Checks an emailed or SMS code under the abuse limits; a wrong code counts as a failure. */
export async function checkCode(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: CodePurpose,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  // Counted before it is judged (decision 050), so concurrent guesses get at most the places left judged.
  const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
  const result = await ctx.codes.check(ctx.db, user.id, purpose, code, ctx.clock.now());
  if (result === 'mismatch') throw identityError('CodeMismatchException', 'codeMismatch');
  // An expired or spent code was a right one once: not a guess.
  await attempt.release();
  if (result === 'expired') throw identityError('ExpiredCodeException', 'expiredCode');
}
