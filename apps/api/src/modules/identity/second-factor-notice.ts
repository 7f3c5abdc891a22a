import type { Queryable } from '../../db';
import { enqueueOutbox } from '../../providers/mail/outbox';
import { secondFactorOf } from './complete-sign-in';
import type { IdentityContext } from './context';
import { renderSecondFactorChangedMail, type SecondFactorChange } from './mail-templates';
import type { UserRow } from './repository';

type FactorState = Pick<
  UserRow,
  'preferred_mfa' | 'totp_secret' | 'phone_number' | 'phone_verified' | 'email' | 'locale'
>;

/** What changed in the second factor between two states of the user; undefined when nothing did (a no-op). */
export function secondFactorChange(before: FactorState, after: FactorState): SecondFactorChange | undefined {
  if (after.totp_secret !== null && after.totp_secret !== before.totp_secret) return 'authenticatorSetUp';
  if (before.totp_secret !== null && after.totp_secret === null) return 'authenticatorRemoved';
  if (secondFactorOf(before) !== secondFactorOf(after)) return 'factorChanged';
  if (secondFactorOf(after) === 'SMS_OTP' && before.phone_number !== after.phone_number) return 'phoneChanged';
  return undefined;
}

/**
 * Mails the account's address when its second factor changed, whoever changed it: the user, or someone with a stolen
 * session (docs/decisions/105-mail-on-second-factor-change.md). In the caller's transaction, beside the change: the
 * mail leaves only if the change commits.
 */
export async function mailSecondFactorChange(
  ctx: IdentityContext,
  q: Queryable,
  before: FactorState,
  after: FactorState,
  now: Date,
): Promise<void> {
  const change = secondFactorChange(before, after);
  if (!change) return;
  const mail = renderSecondFactorChangedMail(after.locale, change, secondFactorOf(after), now);
  await enqueueOutbox(
    q,
    ctx.jobs,
    { channel: 'email', to: after.email, template: 'second_factor_changed', locale: after.locale, ...mail },
    now,
  );
}
