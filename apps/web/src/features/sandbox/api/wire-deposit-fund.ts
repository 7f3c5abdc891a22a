import { SandboxFundReply, type SandboxFundRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-send-and-settle-wire-deposit { amount }: credits USD recorded as a wire. */
export function wireDepositFund(api: ApiClient, amount: string): Promise<SandboxFundReply> {
  const body: SandboxFundRequest = { amount };
  return api.request('/primetrust-sandbox-send-and-settle-wire-deposit', { body, schema: SandboxFundReply });
}
