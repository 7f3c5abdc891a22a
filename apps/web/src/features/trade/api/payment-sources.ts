import { queryOptions } from '@tanstack/react-query';
import { HoldingsReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { banksQueryOptions } from '../../../lib/queries/banks';
import { refetchUnlessEarly } from './early-reads';
import { tradeKey } from './ramp-assets';

/**
 * The linked banks a buy can be paid from: the shared bank list (lib/queries/banks.ts), so a bank linked or removed on
 * /methods shows up here too.
 */
export function bankAccountsQueryOptions(api: ApiClient) {
  return queryOptions({
    ...banksQueryOptions(api),
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
