import { queryOptions, useQuery } from '@tanstack/react-query';
import { BankAccountListReply, type BankAccount } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { methodsKey } from './keys';

/**
 * POST /bank-account-list: the user's linked banks. Only methods whose type is plaid are bank methods (document 2,
 * section 5). The server takes the caller's own contact id when relatedId is left out. A read: it retries (R16).
 */
export function bankAccountsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...methodsKey, 'banks'],
    queryFn: async ({ signal }): Promise<BankAccount[]> => {
      const reply = await api.request('/bank-account-list', {
        body: {},
        retry: true,
        signal,
        schema: BankAccountListReply,
      });
      return reply.accounts.filter((account) => account.fundsTransferMethod === 'plaid');
    },
  });
}

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions(useApi()));
}
