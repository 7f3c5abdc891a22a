import { SandboxSettleReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-settle-last-ach-contribution: settles the caller's newest pending ACH deposit. A write without an idempotency key: no retry (R16). */
export function settleLastAchContribution(api: ApiClient): Promise<SandboxSettleReply> {
  return api.request('/primetrust-sandbox-settle-last-ach-contribution', { body: {}, schema: SandboxSettleReply });
}
