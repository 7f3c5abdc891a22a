import { queryOptions, useQuery } from '@tanstack/react-query';
import { BankAccountListReply, type BankAccount } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { sandboxKey } from './account';

/** POST /bank-account-list: the linked bank methods the sandbox can reset (Plaid ones only). */
export function sandboxBankMethodsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sandboxKey, 'bank-methods'],
    queryFn: async ({ signal }): Promise<BankAccount[]> => {
      const reply = await api.request('/bank-account-list', {
        body: {},
        retry: true,
        signal,
        schema: BankAccountListReply,
      });
      return reply.accounts.filter((account) => account.fundsTransferMethod === 'plaid');
    },
    retry: false,
  });
}

export function useSandboxBankMethods() {
  return useQuery(sandboxBankMethodsQueryOptions(useApi()));
}
