import { queryOptions } from '@tanstack/react-query';
import type { RampLimitsReply as Limits, WeeklyLimitedMethod } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { rampLimitsQueryOptions } from '../../../lib/queries/limits';

/**
 * The weekly limit of a deposit method: what is used and what is left, picked out of the method's ramp limits (the
 * limits are the ramp module's, shared by deposits and the buys the method pays for, and read under the one key of
 * lib/queries/limits.ts). A deposit made invalidates that key.
 */
export function weeklyLimitQueryOptions(api: ApiClient, method: WeeklyLimitedMethod | null) {
  return queryOptions({
    ...rampLimitsQueryOptions(api, method),
    select: (reply: Limits): Limits['limits'][number] | null =>
      reply.limits.find((limit) => limit.kind === 'weekly_method' && limit.method === method) ?? null,
  });
}
