import { queryOptions, useQuery } from '@tanstack/react-query';
import { BankAccountListReply, type BankAccount } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** POST /bank-account-list: the linked banks; only plaid methods can move money (document 2, section 5). Retries (R16). */
export function bankAccountsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'banks'],
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
