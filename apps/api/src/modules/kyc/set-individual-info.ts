import {
  KYC_CHECK_NAMES,
  KYC_MESSAGES,
  countryNameOf,
  type KycCheckName,
  type KycIndividual,
  type SetIndividualInfoReply,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { type AccountsContext, createIncompleteAccount, findAccount, recordTransition } from '../accounts';
import { toIndividualInfo } from './individual-info';
import { findIndividual, insertIndividual, updateIndividual } from './repository';

const PENDING_CHECKS = Object.fromEntries(KYC_CHECK_NAMES.map((n) => [n, 'pending'])) as Record<
  KycCheckName,
  'pending'
>;

/**
 * `/contact/set/individualinfo`: saves the caller's record (already validated by the contracts schema). The first
 * save creates the custodian contact (relatedId) and the account, incomplete. Once the agreement is signed the
 * record is what the custodian checks, so it can no longer change.
 */
export async function setIndividualInfo(
  ctx: AccountsContext,
  user: AuthUser,
  input: KycIndividual,
): Promise<SetIndividualInfoReply> {
  // The country's name is the catalogue's for the code, never the request's (decision 051).
  const record: KycIndividual = {
    ...input,
    address: { ...input.address, countryName: countryNameOf(input.address.country) },
  };
  const existing = await findIndividual(ctx.db, user.userGuid);
  // The contact is made before the transaction: a provider call must not hold row locks. A lost race wastes
  // one sandbox contact id and nothing else.
  const contact = existing ? null : await ctx.custodian.createContact({ email: user.email, individual: record });
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const account = await findAccount(tx, user.userGuid, { forUpdate: true });
    if (account && account.status !== 'incomplete') throw new AppError('kyc_already_submitted');
    if (contact && (await insertIndividual(tx, user.userGuid, contact.contactId, record, now))) {
      if (await createIncompleteAccount(tx, user.userGuid, PENDING_CHECKS, now)) {
        await recordTransition(tx, user.userGuid, 'noInfo', 'incomplete', 'Personal details saved', now);
      }
      return;
    }
    await updateIndividual(tx, user.userGuid, record, now);
  });
  const row = await findIndividual(ctx.db, user.userGuid);
  if (!row) throw new AppError('internal', { message: KYC_MESSAGES.en.detailsMissing });
  return { relatedId: row.related_id, individual: toIndividualInfo(row, { submitted: false, accountId: null }) };
}
