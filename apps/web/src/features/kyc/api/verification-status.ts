import { queryOptions, useQuery } from '@tanstack/react-query';
import { VerificationStatusReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';

export const verificationStatusKey = ['kyc', 'verification-status'] as const;

/** POST /socure/status: the caller's identity session and its decision (a read: it retries, R16). */
export function verificationStatusQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: verificationStatusKey,
    queryFn: ({ signal }) =>
      api.request('/socure/status', { body: {}, retry: true, signal, schema: VerificationStatusReply }),
    retry: false,
  });
}

export function useVerificationStatus(enabled: boolean) {
  return useQuery({ ...verificationStatusQueryOptions(useApi()), enabled });
}
