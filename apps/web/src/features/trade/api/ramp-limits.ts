import { queryOptions } from '@tanstack/react-query';
import { RampLimitsReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { tradeKey } from './ramp-assets';

/** POST /ramp/limits for one payment method: each limit with what remains. A read: retries (R16). */
export function rampLimitsQueryOptions(api: ApiClient, method: string | null) {
  return queryOptions({
    queryKey: [...tradeKey, 'limits', method],
    queryFn: ({ signal }) =>
      api.request('/ramp/limits', { body: method ? { method } : {}, retry: true, signal, schema: RampLimitsReply }),
    enabled: method !== null,
  });
}

/** POST /ramp/limits without a method: every limit with what remains (the method list shows each method's). */
export function allRampLimitsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tradeKey, 'limits', 'all'],
    queryFn: ({ signal }) => api.request('/ramp/limits', { body: {}, retry: true, signal, schema: RampLimitsReply }),
  });
}
