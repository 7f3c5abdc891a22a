import type { UserInfo } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** GET /identity/user: the signed-in user, loaded after login (document 1, section 4). */
export function getUser(api: ApiClient): Promise<UserInfo> {
  return api.request<UserInfo>('/identity/user', { method: 'GET', retry: true });
}
