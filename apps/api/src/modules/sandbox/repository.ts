import type { Queryable } from '../../db';
import { deleteAccount } from '../accounts';
import { deleteIndividual } from '../kyc';

/**
 * Takes the user back to noInfo, which is the absence of a custodial account row (migration 0003): the account row
 * and the KYC record go, so the onboarding starts again from the first step. Kept: the transition history, the
 * uploaded documents, the identity-verification session and every ledger posting (append-only), decision 014.
 */
export async function deleteAccountState(tx: Queryable, userId: string): Promise<void> {
  await deleteAccount(tx, userId);
  await deleteIndividual(tx, userId);
}
