import { SANDBOX_MESSAGES, type SandboxFundReply } from '@rampart/contracts';
import type { SandboxContext } from './context';
import { creditAccount } from './credit-account';

/**
 * `/primetrust-sandbox-send-and-settle-wire-deposit` (R4): a wire deposit sent and settled at once: USD credited
 * to the caller's opened account, recorded as a deposit by wire (metadata method 'wire').
 */
export async function depositWire(ctx: SandboxContext, userGuid: string, amount: unknown, idempotencyKey: string): Promise<SandboxFundReply> {
  const credit = await creditAccount(ctx, userGuid, { asset: 'USD', amount, idempotencyKey, metadata: { kind: 'deposit', method: 'wire' } });
  return { message: SANDBOX_MESSAGES.wireDepositFunded, assetTicker: 'USD', ...credit };
}
