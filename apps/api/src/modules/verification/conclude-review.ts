import type { DecideDeps } from './decide-verification';
import { recordDecision, type CaptureRef } from './record-decision';
import { findSession, loadCapture, sameInstant } from './repository';

/**
 * A `review` decision is a manual review (decision 010): after IDV_REVIEW_DELAY_SECONDS the provider says how it
 * ended (the sandbox: accepted, or rejected with idv-review-reject). Idempotent like decideVerification: only a
 * session still in review for the same capture changes, so a repeated or stale job changes nothing.
 */
export async function concludeReview(deps: DecideDeps, ref: CaptureRef): Promise<void> {
  const snapshot = await loadCapture(deps.db, ref.sessionId);
  if (
    !snapshot ||
    snapshot.status !== 'review' ||
    !snapshot.capture ||
    !sameInstant(snapshot.submittedAt, ref.submittedAt)
  )
    return;
  // Outside the transaction, as in decideVerification: a slow service must not hold a row lock.
  const result = await deps.identityDocuments.concludeReview(snapshot.capture);
  await deps.db.transaction(async (tx) => {
    const current = await findSession(tx, ref.sessionId, { forUpdate: true });
    if (!current || current.status !== 'review' || !sameInstant(current.submitted_at, ref.submittedAt)) return;
    await recordDecision(deps, tx, {
      ...ref,
      userId: current.user_id,
      decision: result.decision,
      reason: result.reason,
      now: deps.clock.now(),
    });
  });
}
