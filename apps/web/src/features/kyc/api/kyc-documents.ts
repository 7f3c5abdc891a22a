import { queryOptions, useQuery } from '@tanstack/react-query';
import { KycDocumentListReply } from '@rampart/contracts';
import { useApi, type ApiClient } from '../../../lib/api';

export const kycDocumentsKey = ['kyc', 'documents'] as const;

/**
 * POST /fileupload-user-kyc-document-list (document 2, section 7): the documents the caller uploaded, newest first.
 * A read: it retries (R16).
 */
export function kycDocumentsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: kycDocumentsKey,
    queryFn: ({ signal }) =>
      api.request('/fileupload-user-kyc-document-list', {
        body: {},
        retry: true,
        signal,
        schema: KycDocumentListReply,
      }),
    select: (reply) => reply.documents,
    retry: false,
  });
}

export function useKycDocuments() {
  return useQuery(kycDocumentsQueryOptions(useApi()));
}
