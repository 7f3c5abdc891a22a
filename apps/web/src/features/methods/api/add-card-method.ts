import { CARD_FUNDS_TRANSFER_METHOD, CcMethodAddReply, type CcMethodAddRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /cc-method-add { fundsTransferMethodId, fundsTransferMethod: 'credit_card', nickname } (document 2, section 7). */
export function addCardMethod(
  api: ApiClient,
  fundsTransferMethodId: string,
  nickname: string,
): Promise<CcMethodAddReply> {
  const body: CcMethodAddRequest = { fundsTransferMethodId, fundsTransferMethod: CARD_FUNDS_TRANSFER_METHOD, nickname };
  return api.request('/cc-method-add', { body, schema: CcMethodAddReply });
}
