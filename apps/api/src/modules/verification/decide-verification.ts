import type { Db, Queryable } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { IdentityDocumentProvider } from '../../providers/identity-documents/types';
import { DECIDE_VERIFICATION_JOB } from './job-names';
import { recordDecision, type RecordDecisionDeps } from './record-decision';
import { findSession, loadCapture, sameInstant } from './repository';

/** Enqueued in the transaction that records the capture: the job exists if and only if the capture was recorded. */
export async function enqueueDecision(jobs: JobQueue, tx: Queryable, sessionId: string): Promise<void> {
  await jobs.send(DECIDE_VERIFICATION_JOB, { sessionId }, { tx });
}

export type DecideDeps = RecordDecisionDeps & { db: Db; clock: Clock; identityDocuments: IdentityDocumentProvider };

/**
 * The provider decides a submitted capture; the decision and its reason are written to the session.
 * Idempotent: anything but a submitted session is left alone, so a repeated job changes nothing.
 */
export async function decideVerification(deps: DecideDeps, sessionId: string): Promise<void> {
  const snapshot = await loadCapture(deps.db, sessionId);
  if (!snapshot || snapshot.status !== 'submitted' || !snapshot.capture || snapshot.submittedAt === null) return;
  const submittedAt = new Date(snapshot.submittedAt).toISOString();
  // The provider is called outside the transaction: a slow service must not hold a row lock.
  const result = await deps.identityDocuments.decide(snapshot.capture);
  await deps.db.transaction(async (tx) => {
    const current = await findSession(tx, sessionId, { forUpdate: true });
    // Decide only the capture that was read: a newer capture has its own job.
    if (!current || current.status !== 'submitted' || !sameInstant(current.submitted_at, submittedAt)) return;
    await recordDecision(deps, tx, {
      sessionId,
      userId: current.user_id,
      submittedAt,
      decision: result.decision,
      reason: result.reason,
      now: deps.clock.now(),
    });
  });
}
