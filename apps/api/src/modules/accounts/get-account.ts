import type { AccountReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { findAccount } from './repository';

/** `/primetrust/account/get`: the caller's own account status (noInfo until details are saved). */
export async function getAccount(db: Queryable, userId: string): Promise<AccountReply> {
  const account = await findAccount(db, userId);
  const { rows } = await db.query<{ related_id: string }>('SELECT related_id FROM kyc_individuals WHERE user_id = $1', [
    userId,
  ]);
  if (!account)
    return { status: 'noInfo', accountId: null, relatedId: rows[0]?.related_id ?? null, statusReason: null };
  return {
    status: account.status,
    accountId: account.account_id,
    relatedId: rows[0]?.related_id ?? null,
    statusReason: account.status_reason,
  };
}
