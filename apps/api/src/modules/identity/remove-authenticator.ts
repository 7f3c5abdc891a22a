import type { Queryable } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import { enqueueOutbox } from '../../providers/mail/outbox';
import { renderAuthenticatorResetMail } from './mail-templates';
import { revokeSessions } from './repository';

export interface AuthenticatorRemoval {
  /** False when the user had no authenticator app: nothing changed. */
  removed: boolean;
  sessionsEnded: number;
}

/**
 * For a user who lost the authenticator app, after the operator checked who they are (decision 098): its secret goes,
 * the second factor falls back to the emailed code (R2), every session ends, the lost phone's included, and the user
 * is mailed (decision 099). In the caller's transaction, beside the operator's record: the mail leaves only if it
 * commits.
 */
export async function removeAuthenticator(
  q: Queryable,
  jobs: JobQueue,
  userId: string,
  now: Date,
): Promise<AuthenticatorRemoval> {
  const { rows } = await q.query<{ email: string; locale: 'en' | 'es' }>(
    `UPDATE users
        SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, updated_at = $2,
            preferred_mfa = CASE WHEN preferred_mfa = 'SOFTWARE_TOKEN_MFA' THEN 'EMAIL_OTP' ELSE preferred_mfa END
      WHERE id = $1 AND totp_secret IS NOT NULL
      RETURNING email, locale`,
    [userId, now],
  );
  const user = rows[0];
  if (!user) return { removed: false, sessionsEnded: 0 };
  const sessionsEnded = await revokeSessions(q, userId, now);
  const mail = renderAuthenticatorResetMail(user.locale);
  await enqueueOutbox(
    q,
    jobs,
    { channel: 'email', to: user.email, template: 'authenticator_reset', locale: user.locale, ...mail },
    now,
  );
  return { removed: true, sessionsEnded };
}
