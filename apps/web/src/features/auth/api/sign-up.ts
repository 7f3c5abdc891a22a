import type { SignUpRequest, SignUpResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/sign-up: creates the account and emails a 6-digit code.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function signUp(api: ApiClient, body: SignUpRequest): Promise<SignUpResponse> {
  return api.request<SignUpResponse>('/identity/sign-up', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
