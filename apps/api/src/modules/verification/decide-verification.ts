import type { Db, Queryable } from '../../db';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { IdentityDocumentProvider } from '../../providers/identity-documents/types';
import { findSession } from './repository';

export const DECIDE_VERIFICATION_JOB = 'verification.decide';

/** Enqueued in the transaction that records the capture: the job exists if and only if the capture was recorded. */
export async function enqueueDecision(jobs: JobQueue, tx: Queryable, sessionId: string): Promise<void> {
  await jobs.send(DECIDE_VERIFICATION_JOB, { sessionId }, { tx });
}

const timeOf = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

type DecideDeps = { db: Db; clock: Clock; identityDocuments: IdentityDocumentProvider };

/**
 * The provider decides a submitted capture; the decision and its reason are written to the session.
 * Idempotent: anything but a submitted session is left alone, so a repeated job changes nothing.
 */
export async function decideVerification(deps: DecideDeps, sessionId: string): Promise<void> {
  const { rows } = await deps.db.query<{
    id: string;
    status: string;
    document_type: 'passport' | 'drivers_license' | 'government_id' | 'residence_permit' | null;
    front_ref: string | null;
    back_ref: string | null;
    selfie_ref: string | null;
    submitted_at: Date | string | null;
    email: string;
    last_name: string | null;
  }>(
    `SELECT v.id, v.status, v.document_type, v.front_ref, v.back_ref, v.selfie_ref, v.submitted_at, u.email,
            k.record -> 'name' ->> 'last' AS last_name
     FROM identity_verifications v JOIN users u ON u.id = v.user_id LEFT JOIN kyc_individuals k ON k.user_id = v.user_id
     WHERE v.id = $1`,
    [sessionId],
  );
  const session = rows[0];
  if (!session || session.status !== 'submitted' || !session.document_type || !session.front_ref || !session.selfie_ref) return;
  // The provider is called outside the transaction: a slow service must not hold a row lock.
  const result = await deps.identityDocuments.decide({
    sessionId,
    email: session.email,
    lastName: session.last_name,
    documentType: session.document_type,
    front: session.front_ref,
    back: session.back_ref,
    selfie: session.selfie_ref,
  });
  await deps.db.transaction(async (tx) => {
    const current = await findSession(tx, sessionId, { forUpdate: true });
    // Decide only the capture that was read: a newer capture has its own job.
    if (!current || current.status !== 'submitted' || timeOf(current.submitted_at) !== timeOf(session.submitted_at)) return;
    const now = deps.clock.now();
    await tx.query(`UPDATE identity_verifications SET status = $2, reason = $3, decided_at = $4, updated_at = $4 WHERE id = $1`, [
      sessionId,
      result.decision,
      result.reason,
      now,
    ]);
  });
}

export function verificationJobs(deps: DecideDeps): JobDefinition[] {
  const job: JobDefinition<{ sessionId: string }> = {
    name: DECIDE_VERIFICATION_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    async handle(data) {
      await decideVerification(deps, data.sessionId);
    },
  };
  return [job as JobDefinition];
}
