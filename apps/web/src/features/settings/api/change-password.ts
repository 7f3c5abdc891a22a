import type { ChangePasswordRequest, OkResponse } from '@rampart/contracts';
import { LONG_WORK_TIMEOUT_MS, type ApiClient } from '../../../lib/api';

/**
 * POST /identity/change-password: the other sessions are signed out and the user is mailed.
 * It hashes or checks a password (Argon2): the document's 80 s timeout, not the client's 5 s (docs/decisions/062).
 */
export function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/change-password', { body, timeoutMs: LONG_WORK_TIMEOUT_MS });
}
