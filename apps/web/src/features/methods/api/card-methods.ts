import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi, type ApiClient } from '../../../lib/api';
import { methodsKey } from './keys';

/** PROVISIONAL until packages/contracts/src/cards.ts lands: document 2's /cc-method-list reply. */
export const CardMethod = z.object({
  fundsTransferMethodId: z.string(),
  nickname: z.string(),
  fundsTransferMethod: z.literal('credit_card'),
  brand: z.string().optional(),
  lastDigits: z.string().optional(),
});
export type CardMethod = z.infer<typeof CardMethod>;
const CardMethodListReply = z.object({
  success: z.boolean(),
  errors: z.object({ errors: z.array(z.string()), fields: z.record(z.string(), z.string()) }).nullable().optional(),
  methods: z.array(CardMethod),
});

/** POST /cc-method-list: the user's cards (document 2, section 7: success, errors.errors, errors.fields, methods). */
export function cardMethodsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...methodsKey, 'cards'],
    queryFn: async ({ signal }): Promise<CardMethod[]> =>
      (await api.request('/cc-method-list', { body: {}, retry: true, signal, schema: CardMethodListReply })).methods,
  });
}

export function useCardMethods() {
  return useQuery(cardMethodsQueryOptions(useApi()));
}
