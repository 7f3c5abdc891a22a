import type { AccountReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { findRelatedId } from '../kyc';
import { findAccount } from './repository';

/** `/primetrust/account/get`: the caller's own account status (noInfo until details are saved). */
export async function getAccount(db: Queryable, userId: string): Promise<AccountReply> {
  const account = await findAccount(db, userId);
  const relatedId = await findRelatedId(db, userId);
  if (!account) return { status: 'noInfo', accountId: null, relatedId, statusReason: null };
  return {
    status: account.status,
    accountId: account.account_id,
    relatedId,
    statusReason: account.status_reason,
  };
}
