import type { Queryable } from '../../db';

/**
 * R5: the custodian's freeze of a custodial account (decision 018), a flag beside the status. Shared by the sandbox
 * calls and, later, the operator command (R6). Each change is recorded in custodian_account_freeze_events.
 */

/** Whether the user's custodial account is frozen (no account: not frozen). */
export async function isAccountFrozen(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ frozen: boolean }>('SELECT frozen FROM custodian_accounts WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.frozen === true;
}

/**
 * Freezes the account; false when there is no account to freeze. Already frozen: nothing changes (safe to repeat).
 * Run it in a transaction: the row is locked so a concurrent unfreeze orders after it.
 */
export async function freezeAccount(
  tx: Queryable,
  userId: string,
  input: { reason: string; now: Date },
): Promise<boolean> {
  const { rows } = await tx.query<{ frozen: boolean }>(
    'SELECT frozen FROM custodian_accounts WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const account = rows[0];
  if (!account) return false;
  if (account.frozen) return true;
  await tx.query(
    'UPDATE custodian_accounts SET frozen = true, frozen_at = $2, frozen_reason = $3, updated_at = $2 WHERE user_id = $1',
    [userId, input.now, input.reason],
  );
  await recordFreezeEvent(tx, userId, 'freeze', input);
  return true;
}

/** Unfreezes the account. Not frozen, or no account: nothing changes (safe to repeat). */
export async function unfreezeAccount(
  tx: Queryable,
  userId: string,
  input: { reason: string; now: Date },
): Promise<void> {
  const { rows } = await tx.query(
    `UPDATE custodian_accounts SET frozen = false, frozen_at = NULL, frozen_reason = NULL, updated_at = $2
     WHERE user_id = $1 AND frozen RETURNING user_id`,
    [userId, input.now],
  );
  if (rows.length === 1) await recordFreezeEvent(tx, userId, 'unfreeze', input);
}

async function recordFreezeEvent(
  tx: Queryable,
  userId: string,
  action: 'freeze' | 'unfreeze',
  input: { reason: string; now: Date },
): Promise<void> {
  await tx.query('INSERT INTO custodian_account_freeze_events (user_id, action, reason, at) VALUES ($1, $2, $3, $4)', [
    userId,
    action,
    input.reason,
    input.now,
  ]);
}
