import { SANDBOX_MESSAGES, type SandboxAccountReply } from '@rampart/contracts';
import { findAccount, recordTransition } from '../accounts';
import type { SandboxContext } from './context';
import { deleteAccountState } from './repository';

export const SANDBOX_CLEAR_REASON = 'Sandbox: account cleared';

/**
 * `/primetrust/sandbox/account/individual/clear` (R4, sandbox mode only): back to noInfo from any status. The
 * custodial account row and the KYC record are removed; the transition history, documents, identity session and
 * ledger are kept (see deleteAccountState). Holdings read zeros until the account is opened again. Safe to repeat.
 */
export async function clearSandboxAccount(ctx: SandboxContext, userId: string): Promise<SandboxAccountReply> {
  await ctx.db.transaction(async (tx) => {
    const account = await findAccount(tx, userId, { forUpdate: true });
    await deleteAccountState(tx, userId);
    if (account) await recordTransition(tx, userId, account.status, 'noInfo', SANDBOX_CLEAR_REASON, ctx.clock.now());
  });
  return { message: SANDBOX_MESSAGES.accountCleared, status: 'noInfo', accountId: null, passport: null };
}
