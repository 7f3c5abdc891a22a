import { queryOptions, useQuery } from '@tanstack/react-query';
import { WireInstructionsReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** POST /transfers/wire-instructions: where the user's bank sends a US or international wire. A read: retries (R16). */
export function wireInstructionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'wire-instructions'],
    queryFn: ({ signal }) =>
      api.request('/transfers/wire-instructions', { body: {}, retry: true, signal, schema: WireInstructionsReply }),
    staleTime: Infinity,
  });
}

export function useWireInstructions(enabled: boolean) {
  return useQuery({ ...wireInstructionsQueryOptions(useApi()), enabled });
}
