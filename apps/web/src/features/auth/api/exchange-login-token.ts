import type { LoginTokenResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /auth-token-login-request: the pool's id token for the API's login token (document 2, section 7).
 * The reply needs HTTP 200 and signals failure with errorMessage, which may also come with a 200.
 */
export async function exchangeLoginToken(api: ApiClient, idToken: string): Promise<LoginTokenResponse> {
  const reply = await api.request<LoginTokenResponse & { errorMessage?: string }>('/auth-token-login-request', {
    body: { token: idToken },
  });
  if (typeof reply?.errorMessage === 'string' || typeof reply?.token !== 'string') {
    throw new Error(reply?.errorMessage ?? 'Error while getting auth token from the API with the HTTP code 200');
  }
  return reply;
}
