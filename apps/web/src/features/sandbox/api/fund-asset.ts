import { SandboxFundReply, type SandboxAssetDepositRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-sandbox-asset-deposit { assetTicker, amount }: credits an asset other than USD. */
export function fundSandboxAsset(api: ApiClient, assetTicker: string, amount: string): Promise<SandboxFundReply> {
  const body: SandboxAssetDepositRequest = { assetTicker, amount };
  return api.request('/primetrust-sandbox-asset-deposit', { body, schema: SandboxFundReply });
}
