import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCountryReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../../lib/api';

/** The user's country has one cache entry, for the details' guess and the identity step's phone country. */
export const userCountryKey = ['user', 'country'] as const;

/**
 * POST /user/country (R23): the record's country, else a guess from the browser's languages. Saving the record
 * changes it: the save invalidates this key.
 */
export function userCountryQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: userCountryKey,
    queryFn: ({ signal }) => api.request('/user/country', { body: {}, retry: true, signal, schema: UserCountryReply }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** Asked only when there is no record to take the country from. */
export function useUserCountry(enabled: boolean) {
  return useQuery({ ...userCountryQueryOptions(useApi()), enabled });
}
