import { queryOptions } from '@tanstack/react-query';
import {
  FeatureInterestListReply,
  FeatureInterestReply,
  type FeatureInterest,
  type FeatureInterestRequest,
} from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { refetchUnlessEarly } from './early-reads';

/** Every trade query starts with this key. */
export const tradeKey = ['trade'] as const;

/** POST /feature-interest-list: what the user asked to hear about. A read: retries (R16). */
export function featureInterestsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tradeKey, 'interests'],
    queryFn: async ({ signal }): Promise<FeatureInterest[]> =>
      (await api.request('/feature-interest-list', { body: {}, retry: true, signal, schema: FeatureInterestListReply }))
        .interests,
    // Not read again by the page that finds it started early (decision 042).
    refetchOnMount: refetchUnlessEarly,
  });
}

/** POST /feature-interest ("notify me", R15). A write without an idempotency key: no retry (R16); asking twice is harmless. */
export function recordFeatureInterest(api: ApiClient, body: FeatureInterestRequest): Promise<FeatureInterestReply> {
  return api.request('/feature-interest', { body, schema: FeatureInterestReply });
}
