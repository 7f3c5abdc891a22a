import { SandboxTestSellReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-test-sell-flow: runs a test sell flow on the caller's account. A write without an idempotency key: no retry (R16). */
export function triggerTestSellFlow(api: ApiClient): Promise<SandboxTestSellReply> {
  return api.request('/primetrust-sandbox-test-sell-flow', { body: {}, schema: SandboxTestSellReply });
}
