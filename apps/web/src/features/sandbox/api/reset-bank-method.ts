import { SandboxPlaidResetReply, type SandboxPlaidResetRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust/sandbox/plaid-reset-method: puts a linked bank method into "login required". */
export function resetBankMethod(api: ApiClient, fundsTransferMethodId: string): Promise<SandboxPlaidResetReply> {
  const body: SandboxPlaidResetRequest = { fundsTransferMethodId };
  return api.request('/primetrust/sandbox/plaid-reset-method', { body, schema: SandboxPlaidResetReply });
}
