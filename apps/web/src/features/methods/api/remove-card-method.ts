import { CcMethodRemoveReply, type CcMethodRemoveRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /cc-method-remove { fundsTransferMethodId }; a reply whose errors.errors is not empty is shown as an error. */
export function removeCardMethod(api: ApiClient, fundsTransferMethodId: string): Promise<CcMethodRemoveReply> {
  const body: CcMethodRemoveRequest = { fundsTransferMethodId };
  return api.request('/cc-method-remove', { body, schema: CcMethodRemoveReply });
}
