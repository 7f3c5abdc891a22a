import type { ChangePasswordRequest, OkResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/change-password: the other sessions are signed out and the user is mailed. */
export function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/change-password', { body });
}
