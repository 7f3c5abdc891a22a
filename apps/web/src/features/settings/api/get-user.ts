import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserInfo } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';

/** GET /identity/user: the signed-in user (second factor in use); parsed, as this chunk may carry zod. */
export function userQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['identity', 'user'],
    queryFn: () => api.request('/identity/user', { method: 'GET', retry: true, schema: UserInfo }),
  });
}

export function useUser() {
  return useQuery(userQueryOptions(useApi()));
}
