import type { ConfirmSignUpRequest, OkResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/confirm-sign-up with the emailed code. */
export function confirmSignUp(api: ApiClient, body: ConfirmSignUpRequest): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/confirm-sign-up', { body });
}
