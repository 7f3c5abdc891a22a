import { SandboxSettleReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-settle-instant-ach-contributions: settles every pending instant ACH deposit of the caller. A write without an idempotency key: no retry (R16). */
export function settleInstantAchContributions(api: ApiClient): Promise<SandboxSettleReply> {
  return api.request('/primetrust-sandbox-settle-instant-ach-contributions', { body: {}, schema: SandboxSettleReply });
}
