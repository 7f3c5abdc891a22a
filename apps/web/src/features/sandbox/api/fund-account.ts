import { SandboxFundReply, type SandboxFundRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust/sandbox/account/fund { amount }: credits USD, settled at once. A write: no retry (R16). */
export function fundSandboxAccount(api: ApiClient, amount: string): Promise<SandboxFundReply> {
  const body: SandboxFundRequest = { amount };
  return api.request('/primetrust/sandbox/account/fund', { body, schema: SandboxFundReply });
}
