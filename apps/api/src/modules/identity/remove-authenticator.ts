import type { Queryable } from '../../db';
import { revokeSessions } from './repository';

export interface AuthenticatorRemoval {
  /** False when the user had no authenticator app: nothing changed. */
  removed: boolean;
  sessionsEnded: number;
}

/**
 * For a user who lost the authenticator app, after the operator checked who they are (decision 098): its secret goes,
 * the second factor falls back to the emailed code (R2), and every session ends, the lost phone's included. In the
 * caller's transaction, beside the operator's record.
 */
export async function removeAuthenticator(q: Queryable, userId: string, now: Date): Promise<AuthenticatorRemoval> {
  const { rowCount } = await q.query(
    `UPDATE users
        SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, updated_at = $2,
            preferred_mfa = CASE WHEN preferred_mfa = 'SOFTWARE_TOKEN_MFA' THEN 'EMAIL_OTP' ELSE preferred_mfa END
      WHERE id = $1 AND totp_secret IS NOT NULL`,
    [userId, now],
  );
  if (rowCount !== 1) return { removed: false, sessionsEnded: 0 };
  return { removed: true, sessionsEnded: await revokeSessions(q, userId, now) };
}
