import { queryOptions } from '@tanstack/react-query';
import { RampAssetsReply, type RampAsset } from '@rampart/contracts';
import type { ApiClient } from '../api';

/** The asset catalogue has one cache entry, read by the trade pages and the money pages alike. */
export const rampAssetsKey = ['ramp-assets'] as const;

/** POST /ramp/assets → data.assets (document 2, section 7). A read: retries (R16). Public: same for every user. */
export function rampAssetsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: rampAssetsKey,
    queryFn: async ({ signal }): Promise<RampAsset[]> =>
      (await api.request('/ramp/assets', { body: {}, retry: true, signal, schema: RampAssetsReply })).data.assets,
    // The catalogue changes only with the deployment's flags.
    staleTime: 5 * 60 * 1000,
  });
}
