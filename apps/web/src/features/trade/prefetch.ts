import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api';
import { markEarlyReads } from './api/early-reads';
import { bankAccountsQueryOptions, holdingsQueryOptions } from './api/payment-sources';
import { featureInterestsQueryOptions } from './api/ramp-assets';
import { rampAssetsQueryOptions } from '../../lib/queries/assets';

/**
 * /trade/buy's reads, started as soon as the session check says signed in (decision 042): in parallel with the KYC
 * check and the page's chunk rather than after them, so the form's first render usually finds them answered. The
 * page's first mount reuses them (api/early-reads.ts). A failed read is read again by the page, which shows its error.
 */
export function prefetchTradeReads(queryClient: QueryClient, api: ApiClient, page: string): void {
  if (page !== 'buy') return;
  const assets = rampAssetsQueryOptions(api);
  const banks = bankAccountsQueryOptions(api);
  const holdings = holdingsQueryOptions(api);
  const interests = featureInterestsQueryOptions(api);
  markEarlyReads([banks.queryKey, holdings.queryKey, interests.queryKey].map((key) => hashKey(key)));
  void queryClient.prefetchQuery(assets);
  void queryClient.prefetchQuery(banks);
  void queryClient.prefetchQuery(holdings);
  void queryClient.prefetchQuery(interests);
}
