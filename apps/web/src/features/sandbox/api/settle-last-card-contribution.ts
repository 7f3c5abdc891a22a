import { SandboxSettleReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-settle-last-cc-contribution: settles the caller's newest pending card deposit. A write without an idempotency key: no retry (R16). */
export function settleLastCardContribution(api: ApiClient): Promise<SandboxSettleReply> {
  return api.request('/primetrust-sandbox-settle-last-cc-contribution', { body: {}, schema: SandboxSettleReply });
}
