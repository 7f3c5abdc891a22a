import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

/** Gives features the app's API client without importing the app (code flows app → features → shared). */
export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return createElement(ApiContext.Provider, { value: api }, children);
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>');
  return api;
}
