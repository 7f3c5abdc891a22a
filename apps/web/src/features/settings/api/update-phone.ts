import type { UpdateAttributesResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /identity/user/attributes with a new phone number (E.164): a second-factor change, so it needs the
 * re-authentication token. The number waits as pending and an SMS code is sent to it.
 */
export function updatePhone(
  api: ApiClient,
  phoneNumber: string,
  reauthToken: string,
): Promise<UpdateAttributesResponse> {
  return api.request<UpdateAttributesResponse>('/identity/user/attributes', { body: { phoneNumber, reauthToken } });
}
