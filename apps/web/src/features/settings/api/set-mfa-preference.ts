import type { MfaMethod, UserInfo } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/mfa-preference: the preferred second factor; EMAIL_OTP turns the authenticator off. */
export function setMfaPreference(api: ApiClient, reauthToken: string, preferred: MfaMethod): Promise<UserInfo> {
  return api.request<UserInfo>('/identity/mfa-preference', { body: { reauthToken, preferred } });
}
