import type { CodeDeliveryResponse, EmailOnlyRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/forgot-password: emails a 6-digit code to reset the password. */
export function forgotPassword(api: ApiClient, body: EmailOnlyRequest): Promise<CodeDeliveryResponse> {
  return api.request<CodeDeliveryResponse>('/identity/forgot-password', { body });
}
