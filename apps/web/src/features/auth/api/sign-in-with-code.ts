import type { ChallengeReply, EmailOnlyRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/sign-in-with-code: "email me a code instead" (the custom challenge). */
export function signInWithCode(api: ApiClient, body: EmailOnlyRequest): Promise<ChallengeReply> {
  return api.request<ChallengeReply>('/identity/sign-in-with-code', { body });
}
