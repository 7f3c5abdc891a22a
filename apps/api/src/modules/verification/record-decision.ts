import type { VerificationDecision } from '@rampart/contracts';
import type { Config } from '../../config';
import type { Queryable } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import { findAccount, enqueueReview } from '../accounts';
import { CONCLUDE_REVIEW_JOB } from './job-names';

export interface RecordDecisionDeps {
  jobs: JobQueue;
  config: Pick<Config, 'idvReviewDelaySeconds'>;
}

/** Which capture a job concerns: the session and the time it was submitted (a newer capture has its own jobs). */
export interface CaptureRef {
  sessionId: string;
  submittedAt: string;
}

/**
 * Writes a decision to the session, inside the caller's transaction, with what must follow it in the same commit:
 * a `review` asks for its conclusion after IDV_REVIEW_DELAY_SECONDS, and a pending custodian application is
 * reviewed again at once, since the identity decision is its document check (decision 010).
 */
export async function recordDecision(
  deps: RecordDecisionDeps,
  tx: Queryable,
  input: CaptureRef & { userId: string; decision: VerificationDecision; reason: string; now: Date },
): Promise<void> {
  await tx.query(
    `UPDATE identity_verifications SET status = $2, reason = $3, decided_at = $4, updated_at = $4 WHERE id = $1`,
    [input.sessionId, input.decision, input.reason, input.now],
  );
  if (input.decision === 'review') {
    const ref: CaptureRef = { sessionId: input.sessionId, submittedAt: input.submittedAt };
    // Jobs run on the wall clock (pg-boss's start_after), not on the app's clock.
    await deps.jobs.send(CONCLUDE_REVIEW_JOB, ref, {
      tx,
      startAfter: Date.now() + deps.config.idvReviewDelaySeconds * 1000,
    });
  }
  const account = await findAccount(tx, input.userId);
  if (account?.status === 'pending') await enqueueReview(deps.jobs, tx, input.userId, 0);
}
