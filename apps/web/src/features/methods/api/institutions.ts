import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlaidInstitutionsReply, type BankInstitution } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { methodsKey } from './keys';

/** POST /plaid-institutions: the bank-link sandbox's catalogue (R17), with monogram logos and the blacklisted flag. */
export function institutionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...methodsKey, 'institutions'],
    queryFn: async ({ signal }): Promise<BankInstitution[]> =>
      (await api.request('/plaid-institutions', { body: {}, retry: true, signal, schema: PlaidInstitutionsReply }))
        .institutions,
    // The catalogue does not change while the app runs.
    staleTime: Infinity,
  });
}

export function useInstitutions() {
  return useQuery(institutionsQueryOptions(useApi()));
}
