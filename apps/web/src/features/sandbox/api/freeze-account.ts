import { SandboxFreezeReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-freeze-account: the custodian freezes the caller's account (R5). A write without an idempotency key: no retry (R16). */
export function freezeSandboxAccount(api: ApiClient): Promise<SandboxFreezeReply> {
  return api.request('/primetrust-sandbox-freeze-account', { body: {}, schema: SandboxFreezeReply });
}
