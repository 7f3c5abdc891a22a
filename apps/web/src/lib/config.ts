import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_VERSION,
  BUILD_STAGES,
  DEFAULT_FEATURE_FLAGS,
  type FeatureFlags,
  type PublicConfig,
} from '@rampart/contracts';
import { useApi, type ApiClient } from './api';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A light check of the reply (see session.ts for why not the zod schema): a config the SPA cannot
 * read is an error, and flags missing from an older server fall back to the documented defaults.
 */
export function readPublicConfig(data: unknown): PublicConfig {
  if (
    !isRecord(data) ||
    typeof data.version !== 'string' ||
    !BUILD_STAGES.includes(data.stage as PublicConfig['stage'])
  ) {
    throw new Error('The API sent a configuration the app cannot read');
  }
  return {
    version: data.version,
    // The SPA is built against the contract of this version (decision 064).
    apiVersion: API_VERSION,
    stage: data.stage as PublicConfig['stage'],
    sandbox: data.sandbox === true,
    supportUrl: typeof data.supportUrl === 'string' ? data.supportUrl : '',
    supportEmail: typeof data.supportEmail === 'string' ? data.supportEmail : null,
    adBlockProbeUrl: typeof data.adBlockProbeUrl === 'string' ? data.adBlockProbeUrl : null,
    walletAppApiKey: typeof data.walletAppApiKey === 'string' ? data.walletAppApiKey : null,
    flags: { ...DEFAULT_FEATURE_FLAGS, ...(isRecord(data.flags) ? (data.flags as Partial<FeatureFlags>) : {}) },
    // R22: errors go to Sentry only when the deployment names a DSN.
    ...(typeof data.sentryDsn === 'string' && data.sentryDsn !== '' ? { sentryDsn: data.sentryDsn } : {}),
  };
}

/** The configuration has one cache entry, read by the app shell and the features alike. */
export const configKey = ['config'] as const;

/** GET /api/config, loaded once at start (it does not change while the page is open). */
export function configQuery(api: ApiClient) {
  return queryOptions({
    queryKey: configKey,
    queryFn: ({ signal }) =>
      api.request('/config', { method: 'GET', retry: true, signal, schema: { parse: readPublicConfig } }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false, // the API client already retries with back-off
  });
}

export function useAppConfig() {
  return useQuery(configQuery(useApi()));
}

/** Feature flags from the deployment, or the documented defaults until (or unless) they load. */
export function useFeatureFlags(): FeatureFlags {
  const { data } = useAppConfig();
  return data?.flags ?? DEFAULT_FEATURE_FLAGS;
}
