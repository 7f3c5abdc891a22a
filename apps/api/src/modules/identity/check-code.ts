import type { CodePurpose } from './codes';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import type { UserRow } from './repository';

/** Checks an emailed or SMS code under the abuse limits; a wrong code counts as a failure. */
export async function checkCode(ctx: IdentityContext, user: Pick<UserRow, 'id' | 'email'>, purpose: CodePurpose, code: string, meta: RequestMeta): Promise<void> {
  const subjects = { account: user.email, ip: meta.ip };
  await ctx.attempts.assertCanTry(subjects);
  const result = await ctx.codes.check(ctx.db, user.id, purpose, code, ctx.clock.now());
  if (result === 'ok') return;
  if (result === 'expired') throw identityError('ExpiredCodeException', 'expiredCode');
  await ctx.attempts.recordFailure(subjects);
  throw identityError('CodeMismatchException', 'codeMismatch');
}
