import type { SignInRequest, SignInResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/sign-in: the second-factor challenge, or tokens when none is asked for. */
export function signIn(api: ApiClient, body: SignInRequest): Promise<SignInResponse> {
  return api.request<SignInResponse>('/identity/sign-in', { body });
}
