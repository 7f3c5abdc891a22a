import type { UserInfo } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/totp/verify: a code from the new secret proves the app works. */
export function verifyTotp(api: ApiClient, code: string): Promise<UserInfo> {
  return api.request<UserInfo>('/identity/totp/verify', { body: { code } });
}
