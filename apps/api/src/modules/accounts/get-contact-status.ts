import { KYC_CHECK_NAMES, type ContactStatusReply, type KycCheckName } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { getAccount } from './get-account';
import { findAccount, listTransitions } from './repository';

/** `/primetrust-contact`: the detailed KYC status, check by check, with the history of transitions. */
export async function getContactStatus(db: Queryable, userId: string): Promise<ContactStatusReply> {
  const account = await getAccount(db, userId);
  const row = await findAccount(db, userId);
  // Before an application exists every check is still to run: pending.
  const checks =
    row?.checks ?? (Object.fromEntries(KYC_CHECK_NAMES.map((n) => [n, 'pending'])) as Record<KycCheckName, 'pending'>);
  const having = (status: string) => KYC_CHECK_NAMES.filter((n) => checks[n] === status);
  return {
    status: account.status,
    relatedId: account.relatedId,
    checks,
    pending: having('pending'),
    passed: having('passed'),
    failed: having('failed'),
    history: (await listTransitions(db, userId)).map((t) => ({
      from: t.from_status,
      to: t.to_status,
      reason: t.reason,
      at: new Date(t.at).toISOString(),
    })),
  };
}
