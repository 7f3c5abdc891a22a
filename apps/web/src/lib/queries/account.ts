import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type ApiClient } from '../api';

/**
 * The custodian account has one cache entry (the KYC store of lib/session reads its status for the guards, outside
 * the cache); whatever changes the account invalidates this key.
 */
export const accountKey = ['account'] as const;

/** POST /primetrust/account/get: the raw account reply, shown as it comes (a read: it retries, R16). */
export function accountQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: accountKey,
    queryFn: ({ signal }) => api.request<unknown>('/primetrust/account/get', { body: {}, retry: true, signal }),
    retry: false,
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions(useApi()));
}
