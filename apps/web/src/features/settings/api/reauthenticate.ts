import type { ReauthenticateRequest, ReauthenticateResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/reauthenticate: a short-lived token that any second-factor change asks for.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function reauthenticate(api: ApiClient, body: ReauthenticateRequest): Promise<ReauthenticateResponse> {
  return api.request<ReauthenticateResponse>('/identity/reauthenticate', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
