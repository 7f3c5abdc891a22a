import type { ApiClient } from '../../../lib/api';

/** POST /cc-method-remove { fundsTransferMethodId } (document 2, section 7). */
export function removeCardMethod(api: ApiClient, fundsTransferMethodId: string): Promise<unknown> {
  return api.request('/cc-method-remove', { body: { fundsTransferMethodId } });
}
