import type { CodeDeliveryResponse, EmailOnlyRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/resend-code: the sign-up code again. */
export function resendCode(api: ApiClient, body: EmailOnlyRequest): Promise<CodeDeliveryResponse> {
  return api.request<CodeDeliveryResponse>('/identity/resend-code', { body });
}
