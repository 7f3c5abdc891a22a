import type { ReauthenticateRequest, ReauthenticateResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/reauthenticate: a short-lived token that any second-factor change asks for. */
export function reauthenticate(api: ApiClient, body: ReauthenticateRequest): Promise<ReauthenticateResponse> {
  return api.request<ReauthenticateResponse>('/identity/reauthenticate', { body });
}
