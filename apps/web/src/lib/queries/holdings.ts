import { queryOptions, useQuery } from '@tanstack/react-query';
import { HoldingsReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../api';

/**
 * The holdings (the USD balance and each asset) have one cache entry, read by the money pages and the trade pages
 * alike: a deposit, a withdrawal or a cancelled transfer refreshes the balance everywhere. Whatever changes the
 * balance invalidates this key; a feature's own key must not hold a copy of it.
 */
export const holdingsKey = ['holdings'] as const;

/** POST /primetrust-accounts-view: the USD balance (available, settled, held) and each asset (R14). A read: retries (R16). */
export function holdingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: holdingsKey,
    queryFn: ({ signal }) =>
      api.request('/primetrust-accounts-view', { body: {}, retry: true, signal, schema: HoldingsReply }),
  });
}

export function useHoldings() {
  return useQuery(holdingsQueryOptions(useApi()));
}
