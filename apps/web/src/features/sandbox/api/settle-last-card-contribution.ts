import type { ApiClient } from '../../../lib/api';
import { sandboxMessageReply, type SandboxMessageReply } from './message-reply';

/** POST /primetrust-sandbox-settle-last-cc-contribution: settles the caller's newest pending card deposit. A write without an idempotency key: no retry (R16). */
export function settleLastCardContribution(api: ApiClient): Promise<SandboxMessageReply> {
  return api.request('/primetrust-sandbox-settle-last-cc-contribution', { body: {}, schema: sandboxMessageReply });
}
