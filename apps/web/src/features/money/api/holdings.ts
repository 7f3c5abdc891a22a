import { queryOptions, useQuery } from '@tanstack/react-query';
import { HoldingsReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** POST /primetrust-accounts-view: the USD balance (available, settled, held) and each asset (R14). A read: retries (R16). */
export function holdingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'holdings'],
    queryFn: ({ signal }) =>
      api.request('/primetrust-accounts-view', { body: {}, retry: true, signal, schema: HoldingsReply }),
  });
}

export function useHoldings() {
  return useQuery(holdingsQueryOptions(useApi()));
}
