import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../lib/api';
import { rampAssetsQueryOptions } from '../lib/queries/assets';
import { ordersKey, ordersQueryOptions } from '../lib/queries/orders';
import { chainAssetsQueryOptions } from '../features/money/api/asset-withdrawals';
import { catalogue } from './fixtures';

function fakeApi(replies: Record<string, unknown>) {
  const request = vi.fn(async (path: string, options?: { schema?: { parse(data: unknown): unknown } }) => {
    const reply = replies[path];
    return options?.schema ? options.schema.parse(reply) : reply;
  });
  return { api: { request } as unknown as ApiClient, request };
}

describe('one cache entry per resource', () => {
  it('reads /ramp/assets with retries and hands out data.assets; a reply without them is refused', async () => {
    const assets = catalogue();
    const { api, request } = fakeApi({ '/ramp/assets': { data: { assets } } });
    expect(await new QueryClient().fetchQuery(rampAssetsQueryOptions(api))).toEqual(assets);
    expect(request).toHaveBeenCalledWith('/ramp/assets', expect.objectContaining({ body: {}, retry: true }));
    const broken = fakeApi({ '/ramp/assets': { assets: [] } });
    await expect(
      new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(rampAssetsQueryOptions(broken.api)),
    ).rejects.toThrow();
  });

  it('asks for the asset catalogue once for the trade pages and the money pages together', async () => {
    const { api, request } = fakeApi({ '/ramp/assets': { data: { assets: catalogue() } } });
    const client = new QueryClient();
    await client.fetchQuery(rampAssetsQueryOptions(api));
    const money = chainAssetsQueryOptions(api);
    expect(money.queryKey).toEqual(rampAssetsQueryOptions(api).queryKey);
    await client.fetchQuery(money);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('keys every read of the order list under one key, so one invalidation refreshes them all', async () => {
    const { api, request } = fakeApi({ '/ramp/orders': { orders: [], nextCursor: null } });
    const client = new QueryClient();
    await client.fetchQuery(ordersQueryOptions(api, 5));
    await client.fetchQuery(ordersQueryOptions(api, 100));
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenCalledWith('/ramp/orders', expect.objectContaining({ body: { limit: 5 }, retry: true }));
    await client.invalidateQueries({ queryKey: ordersKey });
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ordersKey })
        .every((q) => q.state.isInvalidated),
    ).toBe(true);
  });
});
