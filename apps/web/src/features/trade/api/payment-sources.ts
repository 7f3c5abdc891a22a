import { queryOptions } from '@tanstack/react-query';
import { BankAccountListReply, HoldingsReply, type BankAccount } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { refetchUnlessEarly } from './early-reads';
import { tradeKey } from './ramp-assets';

/** POST /bank-account-list: the linked banks a buy can be paid from (the model keeps only plaid ones). Retries (R16). */
export function bankAccountsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tradeKey, 'banks'],
    queryFn: async ({ signal }): Promise<BankAccount[]> =>
      (await api.request('/bank-account-list', { body: {}, retry: true, signal, schema: BankAccountListReply }))
        .accounts,
    // Not read again by the page that finds it started early (decision 042).
    refetchOnMount: refetchUnlessEarly,
  });
}

/** POST /primetrust-accounts-view: the USD balance, shown under the "USD balance" option. Retries (R16). */
export function holdingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...tradeKey, 'holdings'],
    queryFn: ({ signal }) =>
      api.request('/primetrust-accounts-view', { body: {}, retry: true, signal, schema: HoldingsReply }),
    refetchOnMount: refetchUnlessEarly,
  });
}
