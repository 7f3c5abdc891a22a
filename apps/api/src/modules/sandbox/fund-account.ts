import { SANDBOX_MESSAGES, type SandboxFundReply } from '@rampart/contracts';
import type { SandboxContext } from './context';
import { creditAccount } from './credit-account';

/** `/primetrust/sandbox/account/fund` (R4): credits USD to the caller's opened account, settled at once. */
export async function fundAccount(
  ctx: SandboxContext,
  userGuid: string,
  amount: unknown,
  idempotencyKey: string,
): Promise<SandboxFundReply> {
  const credit = await creditAccount(ctx, userGuid, {
    asset: 'USD',
    amount,
    idempotencyKey,
    metadata: { kind: 'sandbox-fund', method: 'sandbox' },
  });
  return { message: SANDBOX_MESSAGES.accountFunded, assetTicker: 'USD', ...credit };
}
