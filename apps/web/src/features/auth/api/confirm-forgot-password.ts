import type { ConfirmForgotPasswordRequest, OkResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/confirm-forgot-password: the emailed code and the new password; signs out every session.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function confirmForgotPassword(api: ApiClient, body: ConfirmForgotPasswordRequest): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/confirm-forgot-password', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
