/** The transfers module's jobs (jobs.ts registers them); names apart so any use case may enqueue. */
export const SETTLE_TRANSFER_JOB = 'transfers.settle';
export const EXPIRE_WITHDRAWAL_JOB = 'transfers.expire-withdrawal';
/**
 * Queued when an order's deposit (decision 053) settles, is cancelled or is returned, in the same transaction: the
 * orders module works it and moves the order on at once, whoever moved the deposit (its job, a sweep, the sandbox).
 */
export const ORDER_FUNDING_MOVED_JOB = 'transfers.order-funding-moved';
