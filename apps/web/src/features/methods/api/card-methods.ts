import { queryOptions, useQuery } from '@tanstack/react-query';
import { CcMethodListReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { methodsKey } from './keys';

/** POST /cc-method-list: the user's cards (document 2, section 7: success, errors.errors, errors.fields, methods). A read: it retries. */
export function cardMethodsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...methodsKey, 'cards'],
    queryFn: ({ signal }): Promise<CcMethodListReply> =>
      api.request('/cc-method-list', { body: {}, retry: true, signal, schema: CcMethodListReply }),
  });
}

export function useCardMethods() {
  return useQuery(cardMethodsQueryOptions(useApi()));
}
