/** The verification module's jobs (registered in jobs.ts); names in a file of their own so any use case may enqueue. */
export const DECIDE_VERIFICATION_JOB = 'verification.decide';
export const CONCLUDE_REVIEW_JOB = 'verification.conclude-review';
