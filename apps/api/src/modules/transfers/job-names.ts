/** The transfers module's jobs (jobs.ts registers them); names apart so any use case may enqueue. */
export const SETTLE_TRANSFER_JOB = 'transfers.settle';
export const EXPIRE_WITHDRAWAL_JOB = 'transfers.expire-withdrawal';
