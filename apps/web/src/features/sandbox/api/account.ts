import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type ApiClient } from '../../../lib/api';

/** Every sandbox query starts with this key, so one invalidation refetches them all after an action. */
export const sandboxKey = ['sandbox'] as const;

/** POST /primetrust/account/get: the raw account reply, shown as it comes (a read: it retries, R16). */
export function sandboxAccountQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sandboxKey, 'account'],
    queryFn: ({ signal }) => api.request<unknown>('/primetrust/account/get', { body: {}, retry: true, signal }),
    retry: false,
  });
}

export function useSandboxAccount() {
  return useQuery(sandboxAccountQueryOptions(useApi()));
}
