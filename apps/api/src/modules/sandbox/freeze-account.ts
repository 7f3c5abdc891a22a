import { SANDBOX_MESSAGES, type SandboxFreezeReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { freezeAccount } from '../accounts';
import type { SandboxContext } from './context';

/**
 * `/primetrust-sandbox-freeze-account` (R5, decision 018): the custodian freezes the caller's account. Any status
 * with an account row can be frozen; no account yet: 409 no_custodial_account. Already frozen cannot happen here:
 * the freeze guard answers 401 first.
 */
export async function freezeSandboxAccount(ctx: SandboxContext, userGuid: string): Promise<SandboxFreezeReply> {
  const frozen = await ctx.db.transaction((tx) =>
    freezeAccount(tx, userGuid, { reason: 'Sandbox: account frozen', now: ctx.clock.now() }),
  );
  if (!frozen) throw new AppError('no_custodial_account');
  return { message: SANDBOX_MESSAGES.accountFrozen, frozen: true };
}
