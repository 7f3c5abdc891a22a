import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type ApiClient } from '../../../lib/api';
import { banksQueryOptions } from '../../../lib/queries/banks';

/**
 * The linked bank methods the sandbox can reset (Plaid ones only): the shared bank list (lib/queries/banks.ts), so a
 * reset that makes a bank need re-authentication shows on /methods too.
 */
export function sandboxBankMethodsQueryOptions(api: ApiClient) {
  return queryOptions({ ...banksQueryOptions(api), retry: false });
}

export function useSandboxBankMethods() {
  return useQuery(sandboxBankMethodsQueryOptions(useApi()));
}
