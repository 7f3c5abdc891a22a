import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgreementPreviewReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';

/** POST /contact/get/agreementpreviews: the custodial agreement filled in with the user's details. */
export function agreementPreviewQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['kyc', 'agreement-preview'],
    queryFn: ({ signal }) =>
      api.request('/contact/get/agreementpreviews', { body: {}, retry: true, signal, schema: AgreementPreviewReply }),
    retry: false,
  });
}

export function useAgreementPreview() {
  return useQuery(agreementPreviewQueryOptions(useApi()));
}
