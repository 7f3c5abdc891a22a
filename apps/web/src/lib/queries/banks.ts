import { queryOptions, useQuery } from '@tanstack/react-query';
import { BankAccountListReply, type BankAccount } from '@rampart/contracts';
import { useApi, type ApiClient } from '../api';

/**
 * The linked bank list has one cache entry, read by /methods, the money pages, the trade pages and the sandbox alike:
 * a bank linked, re-authenticated or removed anywhere shows up everywhere. Whatever changes the list invalidates (or
 * sets) this key; a feature's own key must not hold a copy of it.
 */
export const banksKey = ['banks'] as const;

/**
 * POST /bank-account-list: the user's linked banks. Only methods whose type is plaid are bank methods (document 2,
 * section 5). The server takes the caller's own contact id when relatedId is left out. A read: it retries (R16).
 */
export function banksQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: banksKey,
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

export function useBanks() {
  return useQuery(banksQueryOptions(useApi()));
}
