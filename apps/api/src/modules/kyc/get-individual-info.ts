import type { IndividualInfoReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { findAccount } from '../accounts';
import { toIndividualInfo } from './individual-info';
import { findIndividual } from './repository';

/** `/contact/get/individualinfo`: the caller's own record, or nulls before the first save. */
export async function getIndividualInfo(db: Queryable, userId: string): Promise<IndividualInfoReply> {
  const row = await findIndividual(db, userId);
  if (!row) return { relatedId: null, individual: null };
  const account = await findAccount(db, userId);
  return {
    relatedId: row.related_id,
    individual: toIndividualInfo(row, {
      submitted: account !== null && account.status !== 'incomplete',
      accountId: account?.account_id ?? null,
    }),
  };
}
