import type { JobDefinition } from '../../jobs/queue';
import { concludeReview } from './conclude-review';
import { decideVerification, type DecideDeps } from './decide-verification';
import { CONCLUDE_REVIEW_JOB, DECIDE_VERIFICATION_JOB } from './job-names';
import type { CaptureRef } from './record-decision';

/** verification.decide (a submitted capture) and verification.conclude-review (a manual review's outcome). */
export function verificationJobs(deps: DecideDeps): JobDefinition[] {
  const decide: JobDefinition<{ sessionId: string }> = {
    name: DECIDE_VERIFICATION_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    async handle(data) {
      await decideVerification(deps, data.sessionId);
    },
  };
  const conclude: JobDefinition<CaptureRef> = {
    name: CONCLUDE_REVIEW_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    async handle(data) {
      await concludeReview(deps, data);
    },
  };
  return [decide as JobDefinition, conclude as JobDefinition];
}
