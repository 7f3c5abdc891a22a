import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { banksQueryOptions } from '../../../lib/queries/banks';
import { holdingsQueryOptions as sharedHoldingsQueryOptions } from '../../../lib/queries/holdings';
import { refetchUnlessEarly } from './early-reads';

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

/**
 * The USD balance, shown under the "USD balance" option: the shared holdings read (lib/queries/holdings.ts), so a
 * deposit or a withdrawal shows up here too.
 */
export function holdingsQueryOptions(api: ApiClient) {
  return queryOptions({
    ...sharedHoldingsQueryOptions(api),
    refetchOnMount: refetchUnlessEarly,
  });
}
