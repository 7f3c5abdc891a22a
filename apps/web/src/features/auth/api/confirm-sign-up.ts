import type { ConfirmSignUpRequest, ConfirmSignUpResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/confirm-sign-up with the emailed code, and the password to be signed in at once. */
export function confirmSignUp(api: ApiClient, body: ConfirmSignUpRequest): Promise<ConfirmSignUpResponse> {
  return api.request<ConfirmSignUpResponse>('/identity/confirm-sign-up', { body });
}
