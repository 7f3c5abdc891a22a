import {
  SANDBOX_MESSAGES,
  normaliseSandboxAmount,
  sandboxAmountMessage,
  type SandboxFundReply,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { fromMinorUnits, toMinorUnits } from '../ledger';
import { receiveWireDeposit } from '../transfers';
import type { SandboxContext } from './context';

/**
 * `/primetrust-sandbox-send-and-settle-wire-deposit` (R4): a wire deposit sent and settled at once: USD credited
 * to the caller's opened account, recorded as a settled wire contribution of the transfers module (decision 015:
 * the wire arrives carrying the amount plus the wire fee, the balance gains the amount) and in the ledger as a
 * deposit by wire (metadata method 'wire').
 */
export async function depositWire(
  ctx: SandboxContext,
  userGuid: string,
  amount: unknown,
  idempotencyKey: string,
): Promise<SandboxFundReply> {
  const problem = sandboxAmountMessage(amount, 2);
  if (problem) throw AppError.validation({ amount: problem });
  const minor = toMinorUnits(normaliseSandboxAmount(amount as string | number), 'USD');
  const wire = await receiveWireDeposit(ctx, {
    userGuid,
    amount: minor,
    ledgerKey: idempotencyKey,
    metadata: { sandbox: true },
  });
  return {
    message: SANDBOX_MESSAGES.wireDepositFunded,
    assetTicker: 'USD',
    transactionId: wire.transactionId,
    replayed: wire.replayed,
    amount: fromMinorUnits(minor, 'USD'),
  };
}
