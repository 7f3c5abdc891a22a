import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserInfo } from '@rampart/contracts';
import { useApi, type ApiClient } from '../api';

/** The signed-in user has one cache entry; whatever changes it (phone, second factor) sets or invalidates this key. */
export const userKey = ['identity', 'user'] as const;

/** GET /identity/user: the signed-in user (second factor in use); parsed, as this chunk may carry zod. */
export function userQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: userKey,
    queryFn: () => api.request('/identity/user', { method: 'GET', retry: true, schema: UserInfo }),
  });
}

export function useUser() {
  return useQuery(userQueryOptions(useApi()));
}
