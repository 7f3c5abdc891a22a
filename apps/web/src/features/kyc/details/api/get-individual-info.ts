import { queryOptions, useQuery } from '@tanstack/react-query';
import { IndividualInfoReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../../lib/api';

export const individualInfoQueryKey = ['kyc', 'individual-info'] as const;

/**
 * POST /contact/get/individualinfo: the user's KYC record, or `individual: null` before the first save. Read once
 * per session (the draft is seeded from it); a save puts its reply in the cache.
 */
export function individualInfoQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: individualInfoQueryKey,
    queryFn: ({ signal }) =>
      api.request('/contact/get/individualinfo', { body: {}, retry: true, signal, schema: IndividualInfoReply }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useIndividualInfo() {
  return useQuery(individualInfoQueryOptions(useApi()));
}
