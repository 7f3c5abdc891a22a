import type { SignInRequest, SignInResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/sign-in: the second-factor challenge, or tokens when none is asked for.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function signIn(api: ApiClient, body: SignInRequest): Promise<SignInResponse> {
  return api.request<SignInResponse>('/identity/sign-in', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
