import { queryOptions, useQuery } from '@tanstack/react-query';
import { CcMethodListReply, type CardMethod } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** POST /cc-method-list: the user's cards; an expired one cannot pay. A read: retries (R16). */
export function cardMethodsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'cards'],
    queryFn: async ({ signal }): Promise<CardMethod[]> =>
      (await api.request('/cc-method-list', { body: {}, retry: true, signal, schema: CcMethodListReply })).methods,
  });
}

export function useCardMethods(enabled: boolean) {
  return useQuery({ ...cardMethodsQueryOptions(useApi()), enabled });
}
