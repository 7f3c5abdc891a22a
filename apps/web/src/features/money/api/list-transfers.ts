import { queryOptions, useQuery } from '@tanstack/react-query';
import { TransferListReply, type TransferView } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/** POST /transfers/list: the user's deposits and withdrawals, newest first. A read: retries (R16). */
export function transfersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'transfers'],
    queryFn: async ({ signal }): Promise<TransferView[]> =>
      (await api.request('/transfers/list', { body: {}, retry: true, signal, schema: TransferListReply })).transfers,
  });
}

export function useTransfers() {
  return useQuery(transfersQueryOptions(useApi()));
}
