import { SandboxSettleReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-settle-last-wire-withdrawal: settles the caller's newest confirmed wire withdrawal. A write without an idempotency key: no retry (R16). */
export function settleLastWireWithdrawal(api: ApiClient): Promise<SandboxSettleReply> {
  return api.request('/primetrust-sandbox-settle-last-wire-withdrawal', { body: {}, schema: SandboxSettleReply });
}
