import type { OkResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/sign-out: revokes this session's refresh token on the server. */
export function signOutSession(api: ApiClient, global = false): Promise<OkResponse> {
  return api.request<OkResponse>('/identity/sign-out', { body: { global } });
}
