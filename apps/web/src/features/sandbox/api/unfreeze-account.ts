import { SandboxFreezeReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-unfreeze-account: the custodian unfreezes the caller's account (R5). A write without an idempotency key: no retry (R16). */
export function unfreezeSandboxAccount(api: ApiClient): Promise<SandboxFreezeReply> {
  return api.request('/primetrust-sandbox-unfreeze-account', { body: {}, schema: SandboxFreezeReply });
}
