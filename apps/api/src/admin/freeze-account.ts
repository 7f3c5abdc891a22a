import { freezeAccount, unfreezeAccount } from '../modules/accounts';
import { recordOperatorAction, type OperatorActionRow, type OperatorNote } from './audit';
import type { AdminContext } from './context';
import { refused } from './errors';
import { findUser } from './find-user';
import { fields } from './format';

export interface FreezeResult {
  userGuid: string;
  email: string;
  frozen: boolean;
  /** False when the account already was in that state: nothing changed and nothing was recorded. */
  changed: boolean;
  action: OperatorActionRow | null;
}

/**
 * `admin freeze` and `admin unfreeze` (R5, R6): the custodian's freeze through the accounts module's own functions
 * (the same ones the sandbox calls use), the operator's record in the same transaction. The account keeps its status
 * and balances; while frozen every signed-in account and money call answers 401 with the frozen marker.
 */
export async function setAccountFrozen(
  ctx: Pick<AdminContext, 'db' | 'clock'>,
  who: string,
  frozen: boolean,
  note: OperatorNote,
): Promise<FreezeResult> {
  const user = await findUser(ctx.db, who);
  return ctx.db.transaction(async (tx) => {
    // Locked first, so the state this command reports is the one it changed.
    const { rows } = await tx.query<{ frozen: boolean }>(
      'SELECT frozen FROM custodian_accounts WHERE user_id = $1 FOR UPDATE',
      [user.id],
    );
    const account = rows[0];
    if (!account)
      throw refused(`${user.email} has no custodial account${frozen ? ' to freeze' : ''} (KYC details not saved yet)`);
    const result: FreezeResult = {
      userGuid: user.id,
      email: user.email,
      frozen,
      changed: account.frozen !== frozen,
      action: null,
    };
    if (!result.changed) return result;
    const now = ctx.clock.now();
    // The freeze history (custodian_account_freeze_events) names the operator too.
    const input = { reason: `Operator ${note.by}: ${note.reason}`, now };
    if (frozen) await freezeAccount(tx, user.id, input);
    else await unfreezeAccount(tx, user.id, input);
    result.action = await recordOperatorAction(tx, {
      note,
      action: frozen ? 'freeze' : 'unfreeze',
      subject: user.id,
      details: { email: user.email },
      now,
    });
    return result;
  });
}

export function renderFreezeResult(r: FreezeResult): string {
  const state = r.frozen ? 'frozen' : 'not frozen';
  if (!r.changed)
    return `The account of ${r.email} (${r.userGuid}) is already ${state}: nothing changed, nothing recorded.`;
  return [
    `The account of ${r.email} (${r.userGuid}) is now ${state}.`,
    fields([
      ['recorded as', `operator action #${r.action?.id ?? '?'}`],
      ['by', r.action?.operator ?? null],
      ['reason', r.action?.reason ?? null],
    ]),
  ].join('\n');
}
