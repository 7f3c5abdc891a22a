import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { FeatureFlags } from '@rampart/contracts';
import { configKey, readPublicConfig } from '../../../lib/config';
import { SnackbarProvider } from '../../../components/ui/snackbar';
import { ApiProvider, createApiClient } from '../../../lib/api';

/**
 * The identity screens' tests at the network edge: the fakes of `fetch` and XMLHttpRequest (test-doubles.ts) and the
 * providers the app gives a page. The components, the API client and the upload code run for real.
 */
export * from './test-doubles';

export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The providers the app gives a page: query cache, the signed-in API client (with a fake fetch), snackbar, router. */
export function appTree(
  ui: ReactNode,
  options: {
    fetch?: typeof globalThis.fetch;
    path?: string;
    token?: string | null;
    flags?: Partial<FeatureFlags>;
    adBlockProbeUrl?: string | null;
  } = {},
) {
  const api = createApiClient({ baseUrl: '/api', fetch: options.fetch, getToken: () => options.token ?? null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The deployment's settings as /api/config serves them (docs/feature-flags.md): the app reads them once at start,
  // so a page finds them in the cache rather than asking again.
  queryClient.setQueryData(
    configKey,
    readPublicConfig({
      version: '0.0.0-test',
      stage: 'sandbox',
      sandbox: true,
      flags: options.flags ?? {},
      adBlockProbeUrl: options.adBlockProbeUrl ?? null,
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[options.path ?? '/kyc/identity']}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </SnackbarProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
