import type { Queryable } from '../../db';
import type { IdentityDocumentsOutcome } from '../../providers/custodian/types';

/**
 * The user's identity decision as the custodian's document check (decision 010): accepted → passed, rejected →
 * failed; no session, a capture in progress or waiting, a manual review and a resubmit request → pending.
 */
export async function identityDocumentsOutcome(db: Queryable, userId: string): Promise<IdentityDocumentsOutcome> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM identity_verifications WHERE user_id = $1', [
    userId,
  ]);
  const status = rows[0]?.status;
  if (status === 'accepted') return 'passed';
  if (status === 'rejected') return 'failed';
  return 'pending';
}
