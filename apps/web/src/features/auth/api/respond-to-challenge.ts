import type { RespondToChallengeRequest, SignInResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/respond-to-challenge: the code of the challenge; the next challenge or tokens. */
export function respondToChallenge(api: ApiClient, body: RespondToChallengeRequest): Promise<SignInResponse> {
  return api.request<SignInResponse>('/identity/respond-to-challenge', { body });
}
