import { queryOptions } from '@tanstack/react-query';
import { RampLimitsReply } from '@rampart/contracts';
import type { ApiClient } from '../api';

/**
 * The ramp limits have one cache entry per payment method, read by the trade pages (buy, sell, method) and the deposit
 * page alike: the weekly limit of a method is shared by its deposits and the buys it pays for, so a deposit made on
 * /money/deposit refreshes what /trade/buy says is left. Whatever uses a limit invalidates this key.
 */
export const limitsKey = ['limits'] as const;

/** POST /ramp/limits for one payment method: each limit with what remains. A read: retries (R16). */
export function rampLimitsQueryOptions(api: ApiClient, method: string | null) {
  return queryOptions({
    queryKey: [...limitsKey, method],
    queryFn: ({ signal }) =>
      api.request('/ramp/limits', { body: method ? { method } : {}, retry: true, signal, schema: RampLimitsReply }),
    enabled: method !== null,
  });
}

/** POST /ramp/limits without a method: every limit with what remains (the method list shows each method's). */
export function allRampLimitsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...limitsKey, 'all'],
    queryFn: ({ signal }) => api.request('/ramp/limits', { body: {}, retry: true, signal, schema: RampLimitsReply }),
  });
}
