import { queryOptions, useQuery } from '@tanstack/react-query';
import { CcMethodListReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../api';

/**
 * The user's cards have one cache entry, read by /methods and the money pages alike: a card added or removed on
 * /methods shows on the deposit page at once. Whatever changes the list invalidates this key.
 */
export const cardsKey = ['cards'] as const;

/** POST /cc-method-list: the user's cards (document 2, section 7: success, errors.errors, errors.fields, methods). A read: it retries. */
export function cardsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cardsKey,
    queryFn: ({ signal }): Promise<CcMethodListReply> =>
      api.request('/cc-method-list', { body: {}, retry: true, signal, schema: CcMethodListReply }),
  });
}

export function useCards() {
  return useQuery(cardsQueryOptions(useApi()));
}
