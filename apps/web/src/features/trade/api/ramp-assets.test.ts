import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { featureInterestsQueryOptions, recordFeatureInterest } from './ramp-assets';

function fakeApi(reply: unknown) {
  const request = vi.fn(async (_path: string, options?: { schema?: { parse(data: unknown): unknown } }) =>
    options?.schema ? options.schema.parse(reply) : reply,
  );
  return { api: { request } as unknown as ApiClient, request };
}

describe('trade api calls (document 2, section 7; R16)', () => {
  it('reads the interests with retries and records one without', async () => {
    const interest = { type: 'card', network: null, assetTicker: null, createdAt: '2026-11-23T19:00:00.000Z' };
    const list = fakeApi({ interests: [interest] });
    expect(await new QueryClient().fetchQuery(featureInterestsQueryOptions(list.api))).toEqual([interest]);
    expect(list.request).toHaveBeenCalledWith('/feature-interest-list', expect.objectContaining({ retry: true }));

    const record = fakeApi({ interest, created: true });
    expect(await recordFeatureInterest(record.api, { type: 'card' })).toEqual({ interest, created: true });
    expect(record.request).toHaveBeenCalledWith('/feature-interest', expect.not.objectContaining({ retry: true }));
  });
});
