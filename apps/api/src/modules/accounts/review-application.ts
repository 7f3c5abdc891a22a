import type { Db, Queryable } from '../../db';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { CustodianProvider } from '../../providers/custodian/types';
import { findIndividual } from '../kyc';
import { identityDocumentsOutcome } from '../verification';
import { findAccount, recordTransition, updateReview } from './repository';

export const REVIEW_APPLICATION_JOB = 'accounts.review-application';

/**
 * Enqueued with the state change that asks for it (same transaction). No singletonKey: every request for a review
 * must run, because a review reads the state as it is when it runs (an identity decision that lands while an
 * earlier review is running or already finished needs a review of its own, decision 010). Reviews are idempotent,
 * so two that overlap change nothing twice.
 */
export async function enqueueReview(
  jobs: JobQueue,
  tx: Queryable,
  userId: string,
  delaySeconds: number,
): Promise<void> {
  await jobs.send(REVIEW_APPLICATION_JOB, { userId }, { tx, startAfter: Date.now() + delaySeconds * 1000 });
}

/**
 * The custodian's checks decide a pending application: opened, closed or voided, recorded with its reason.
 * Idempotent: anything but a pending account is left alone, so a repeated job changes nothing.
 */
export async function reviewApplication(
  deps: { db: Db; clock: Clock; custodian: CustodianProvider },
  userId: string,
): Promise<void> {
  const snapshot = await findAccount(deps.db, userId);
  if (!snapshot || snapshot.status !== 'pending' || !snapshot.account_id) return;
  const person = await findIndividual(deps.db, userId);
  if (!person) return;
  // The identity decision is the custodian's document check (decision 010); a later decision enqueues a new review.
  const documents = await identityDocumentsOutcome(deps.db, userId);
  // The provider is called outside the transaction: a slow custodian must not hold a row lock.
  const review = await deps.custodian.reviewAccount({
    accountId: snapshot.account_id,
    contactId: person.related_id,
    email: person.email,
    individual: person.record,
    documents,
  });
  await deps.db.transaction(async (tx) => {
    const account = await findAccount(tx, userId, { forUpdate: true });
    if (!account || account.status !== 'pending') return;
    const now = deps.clock.now();
    await updateReview(tx, userId, {
      status: review.decision ?? 'pending',
      reason: review.decision ? review.reason : null,
      checks: review.checks,
      now,
      decided: review.decision !== null,
    });
    if (review.decision) await recordTransition(tx, userId, 'pending', review.decision, review.reason, now);
  });
}

export function accountJobs(deps: { db: Db; clock: Clock; custodian: CustodianProvider }): JobDefinition[] {
  const job: JobDefinition<{ userId: string }> = {
    name: REVIEW_APPLICATION_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    async handle(data) {
      await reviewApplication(deps, data.userId);
    },
  };
  return [job as JobDefinition];
}
