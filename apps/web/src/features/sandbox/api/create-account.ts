import { SandboxAccountReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust/sandbox/account/individual/create: opens the account at once (sandbox mode only, R4). */
export function createSandboxAccount(api: ApiClient): Promise<SandboxAccountReply> {
  return api.request('/primetrust/sandbox/account/individual/create', { body: {}, schema: SandboxAccountReply });
}
