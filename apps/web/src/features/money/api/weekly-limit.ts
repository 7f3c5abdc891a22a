import { queryOptions } from '@tanstack/react-query';
import { RampLimitsReply, type RampLimitsReply as Limits } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** The deposit methods with a rolling-week limit (document 2, section 9; decision 053). */
export type WeeklyLimitedMethod = 'primex_ach' | 'primex_card';

export function isWeeklyLimited(method: string | null): method is WeeklyLimitedMethod {
  return method === 'primex_ach' || method === 'primex_card';
}

/**
 * POST /ramp/limits for a deposit method with a weekly limit: what is used and what is left (the limits are the ramp
 * module's, shared by deposits and the buys the method pays for). Under moneyKey, so a deposit made refreshes it.
 * A read: retries (R16).
 */
export function weeklyLimitQueryOptions(api: ApiClient, method: WeeklyLimitedMethod | null) {
  return queryOptions({
    queryKey: [...moneyKey, 'weekly-limit', method],
    queryFn: async ({ signal }): Promise<Limits['limits'][number] | null> => {
      const reply = await api.request('/ramp/limits', {
        body: { method },
        retry: true,
        signal,
        schema: RampLimitsReply,
      });
      return reply.limits.find((limit) => limit.kind === 'weekly_method' && limit.method === method) ?? null;
    },
    enabled: method !== null,
  });
}
