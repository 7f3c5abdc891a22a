/** The orders module's jobs (jobs/registry.ts registers them), apart so any use case may enqueue. */
export const ORDER_JOBS = {
  awaitFunds: 'orders.await-funds',
  deliver: 'orders.deliver',
  confirm: 'orders.confirm',
  payout: 'orders.payout',
  expire: 'orders.expire',
} as const;
