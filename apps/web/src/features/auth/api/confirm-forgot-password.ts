import type { ConfirmForgotPasswordRequest, OkResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/confirm-forgot-password: the emailed code and the new password; signs out every session. */
export function confirmForgotPassword(api: ApiClient, body: ConfirmForgotPasswordRequest): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/confirm-forgot-password', { body });
}
