import type { RefreshResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/refresh: new id and access tokens from the stored refresh token. */
export function refreshSession(api: ApiClient, refreshToken: string): Promise<RefreshResponse> {
  return api.request<RefreshResponse>('/identity/refresh', { body: { refreshToken } });
}
