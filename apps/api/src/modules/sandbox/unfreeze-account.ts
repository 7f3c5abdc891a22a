import { SANDBOX_MESSAGES, type SandboxFreezeReply } from '@rampart/contracts';
import { unfreezeAccount } from '../accounts';
import type { SandboxContext } from './context';

/**
 * `/primetrust-sandbox-unfreeze-account` (R5, decision 018): lifts the freeze. Allowed while frozen (the freeze
 * guard lets it through) so a tester is never stuck; not frozen, or no account: the same reply, nothing changes.
 */
export async function unfreezeSandboxAccount(ctx: SandboxContext, userGuid: string): Promise<SandboxFreezeReply> {
  await ctx.db.transaction((tx) =>
    unfreezeAccount(tx, userGuid, { reason: 'Sandbox: account unfrozen', now: ctx.clock.now() }),
  );
  return { message: SANDBOX_MESSAGES.accountUnfrozen, frozen: false };
}
