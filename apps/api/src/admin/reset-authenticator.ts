import { removeAuthenticator } from '../modules/identity';
import { recordOperatorAction, type OperatorActionRow, type OperatorNote } from './audit';
import type { AdminContext } from './context';
import { findUser } from './find-user';
import { fields } from './format';

export interface AuthenticatorResetResult {
  userGuid: string;
  email: string;
  /** False when the user had no authenticator app: nothing changed and nothing was recorded. */
  changed: boolean;
  sessionsEnded: number;
  action: OperatorActionRow | null;
}

/**
 * `admin reset-authenticator` (decision 098): for a user who lost the authenticator app, once the operator has checked
 * who is asking. The identity module removes the app, ends every session and mails the user; the operator's record goes
 * in the same transaction. The user's next sign-in asks for a code sent by email.
 */
export async function resetAuthenticator(
  ctx: Pick<AdminContext, 'db' | 'clock' | 'jobs'>,
  who: string,
  note: OperatorNote,
): Promise<AuthenticatorResetResult> {
  const user = await findUser(ctx.db, who);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const { removed, sessionsEnded } = await removeAuthenticator(tx, ctx.jobs, user.id, now);
    const result: AuthenticatorResetResult = {
      userGuid: user.id,
      email: user.email,
      changed: removed,
      sessionsEnded,
      action: null,
    };
    if (!removed) return result;
    result.action = await recordOperatorAction(tx, {
      note,
      action: 'authenticator_reset',
      subject: user.id,
      details: { email: user.email, sessionsEnded },
      now,
    });
    return result;
  });
}

export function renderAuthenticatorReset(r: AuthenticatorResetResult): string {
  if (!r.changed) return `${r.email} (${r.userGuid}) has no authenticator app: nothing changed, nothing recorded.`;
  return [
    `The authenticator app of ${r.email} (${r.userGuid}) is turned off and the user is told by email. The next sign-in asks for a code sent by email.`,
    fields([
      ['sessions ended', String(r.sessionsEnded)],
      ['recorded as', `operator action #${r.action?.id ?? '?'}`],
      ['by', r.action?.operator ?? null],
      ['reason', r.action?.reason ?? null],
    ]),
  ].join('\n');
}
