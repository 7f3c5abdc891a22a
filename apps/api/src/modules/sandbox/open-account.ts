import { SANDBOX_MESSAGES, signatureOf, type SandboxAccountReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { createIncompleteAccount, findAccount, markSubmitted, recordTransition, updateReview } from '../accounts';
import { AGREEMENT_VERSION, findIndividual, insertIndividual } from '../kyc';
import type { SandboxContext } from './context';
import { ALL_CHECKS_PASSED, SANDBOX_INDIVIDUAL, SANDBOX_PASSPORT } from './sandbox-individual';

export const SANDBOX_OPEN_REASON = `Sandbox: account opened at once (sandbox passport, expires ${SANDBOX_PASSPORT.expiresOn})`;

/**
 * `/primetrust/sandbox/account/individual/create` (R4, sandbox mode only): opens the caller's custodial account at
 * once. No KYC record: a complete sandbox individual is saved first (with a custodian contact, as the KYC details
 * call does). From any status but opened, the application is signed in the record's name where it was not yet,
 * the checks all pass and the account is opened, the transition recorded with its reason. Already opened: nothing
 * changes (the call is safe to repeat).
 */
export async function openSandboxAccount(ctx: SandboxContext, user: AuthUser): Promise<SandboxAccountReply> {
  const userId = user.userGuid;
  const existing = await findIndividual(ctx.db, userId);
  const individual = existing?.record ?? SANDBOX_INDIVIDUAL;
  const before = await findAccount(ctx.db, userId);
  // Provider calls stay outside the transaction (no row lock held while the custodian answers). A lost race wastes
  // one sandbox contact or account id and nothing else.
  const contactId =
    existing?.related_id ?? (await ctx.custodian.createContact({ email: user.email, individual })).contactId;
  const signature = signatureOf(individual.name);
  const opened =
    before?.status === 'opened'
      ? null
      : await ctx.custodian.openAccount({
          contactId,
          email: user.email,
          individual,
          signature,
          agreementVersion: AGREEMENT_VERSION,
        });

  const accountId = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!existing) await insertIndividual(tx, userId, contactId, individual, now);
    await createIncompleteAccount(tx, userId, ALL_CHECKS_PASSED, now);
    const account = await findAccount(tx, userId, { forUpdate: true });
    if (!account) throw new Error('the custodial account vanished');
    if (account.status === 'opened') return account.account_id;
    const from = before ? account.status : 'noInfo';
    let id = account.account_id;
    if (!id) {
      // Only when the account was cleared and made again between our first read and now: ask the caller to retry.
      if (!opened) throw new AppError('conflict');
      id = opened.accountId;
      await markSubmitted(tx, userId, { accountId: id, signature, agreementVersion: AGREEMENT_VERSION, now });
    }
    await updateReview(tx, userId, {
      status: 'opened',
      reason: SANDBOX_OPEN_REASON,
      checks: ALL_CHECKS_PASSED,
      now,
      decided: true,
    });
    await recordTransition(tx, userId, from, 'opened', SANDBOX_OPEN_REASON, now);
    return id;
  });
  return { message: SANDBOX_MESSAGES.accountOpened, status: 'opened', accountId, passport: { ...SANDBOX_PASSPORT } };
}
