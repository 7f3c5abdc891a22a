import { SandboxAccountReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust/sandbox/account/individual/clear: takes the account back to noInfo. */
export function clearSandboxAccount(api: ApiClient): Promise<SandboxAccountReply> {
  return api.request('/primetrust/sandbox/account/individual/clear', { body: {}, schema: SandboxAccountReply });
}
