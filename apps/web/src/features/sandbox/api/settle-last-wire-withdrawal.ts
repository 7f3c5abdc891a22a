import type { ApiClient } from '../../../lib/api';
import { sandboxMessageReply, type SandboxMessageReply } from './message-reply';

/** POST /primetrust-sandbox-settle-last-wire-withdrawal: settles the caller's newest confirmed wire withdrawal. A write without an idempotency key: no retry (R16). */
export function settleLastWireWithdrawal(api: ApiClient): Promise<SandboxMessageReply> {
  return api.request('/primetrust-sandbox-settle-last-wire-withdrawal', { body: {}, schema: sandboxMessageReply });
}
