import type { SignUpRequest, SignUpResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/sign-up: creates the account and emails a 6-digit code. */
export function signUp(api: ApiClient, body: SignUpRequest): Promise<SignUpResponse> {
  return api.request<SignUpResponse>('/identity/sign-up', { body });
}
