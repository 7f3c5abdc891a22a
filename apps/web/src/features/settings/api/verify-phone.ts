import type { UserInfo } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/user/verify-attribute: the SMS code confirms the pending phone number. */
export function verifyPhone(api: ApiClient, code: string): Promise<UserInfo> {
  return api.request<UserInfo>('/identity/user/verify-attribute', { body: { attribute: 'phone_number', code } });
}
