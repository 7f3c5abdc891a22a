import type { ConfirmSignUpRequest, ConfirmSignUpResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/confirm-sign-up with the emailed code, and the password to be signed in at once.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function confirmSignUp(api: ApiClient, body: ConfirmSignUpRequest): Promise<ConfirmSignUpResponse> {
  return api.request<ConfirmSignUpResponse>('/identity/confirm-sign-up', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
