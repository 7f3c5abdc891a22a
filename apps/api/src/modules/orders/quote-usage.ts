/**
 * Whether the order made from the quote `quoteId` (an SQL expression) was cancelled or expired before its funds were
 * committed, as an SQL boolean: its trade then no longer counts toward the limits (decision 024); failed and refunded
 * orders still count. The order is read by its unique quote_id as a scalar subquery, never NOT EXISTS, which the
 * planner may turn into an anti join reading every order (decision 044).
 */
export function orderReleasesQuoteSql(quoteId: string): string {
  return `COALESCE((SELECT o.status IN ('cancelled', 'expired') FROM ramp_orders o WHERE o.quote_id = ${quoteId}), false)`;
}
