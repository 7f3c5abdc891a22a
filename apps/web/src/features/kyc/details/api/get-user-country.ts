import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCountryReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../../lib/api';

/** POST /user/country (R23): the record's country, else a guess from the browser's languages. */
export function userCountryQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['user', 'country'],
    queryFn: ({ signal }) => api.request('/user/country', { body: {}, retry: true, signal, schema: UserCountryReply }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Asked only when there is no record to take the country from. */
export function useUserCountry(enabled: boolean) {
  return useQuery({ ...userCountryQueryOptions(useApi()), enabled });
}
