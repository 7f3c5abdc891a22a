import type { ProductEvent } from '@rampart/contracts';

/**
 * Where a use case says that a product event happened (R22, decision 036): the metrics count it. Modules receive it in
 * their context, optional, so a context built without it (a unit test, a job) simply records nothing. `source`
 * tells the server's own count (the truth) from the SPA's report (the browser's funnel).
 */
export interface ProductEvents {
  record(event: ProductEvent, source: 'server' | 'client'): void;
}
