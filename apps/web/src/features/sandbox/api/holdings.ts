import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type ApiClient } from '../../../lib/api';
import { sandboxKey } from './keys';

/** POST /primetrust-accounts-view: the raw holdings reply, shown as it comes (a read: it retries, R16). */
export function sandboxHoldingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sandboxKey, 'holdings'],
    queryFn: ({ signal }) => api.request<unknown>('/primetrust-accounts-view', { body: {}, retry: true, signal }),
    retry: false,
  });
}

export function useSandboxHoldings() {
  return useQuery(sandboxHoldingsQueryOptions(useApi()));
}
