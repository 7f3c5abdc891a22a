import { findAccount } from '../modules/accounts';
import { recordDecision, findSessionOfUser } from '../modules/verification';
import { IDV_REVIEW_CONCLUSIONS } from '../providers/identity-documents/sandbox';
import { recordOperatorAction, type OperatorActionRow, type OperatorNote } from './audit';
import type { AdminContext } from './context';
import { refused } from './errors';
import { findUser } from './find-user';
import { fields } from './format';

export const KYC_REVIEW_DECISIONS = ['accept', 'reject'] as const;
export type KycReviewDecision = (typeof KYC_REVIEW_DECISIONS)[number];

export interface KycReviewResult {
  userGuid: string;
  email: string;
  decision: KycReviewDecision;
  /** The identity check after the decision: accepted or rejected. */
  identity: { status: string; reason: string };
  /** The custodial account as it is now; a pending one is reviewed again by a queued job (decision 010). */
  account: { status: string; reviewQueued: boolean } | null;
  action: OperatorActionRow;
}

/**
 * `admin kyc-review` (R6, decision 010's manual review decided by hand): only a session in `review` can be decided.
 * The decision is written by the verification module's recordDecision, exactly as the identity service's own
 * conclusion would be, so what follows is the same: a pending custodial application is reviewed again at once (a job
 * in the same transaction), and the queued automatic conclusion finds the session decided and changes nothing.
 * The user sees the reviewer's wording of the identity service; the operator's reason stays in operator_actions.
 */
export async function decideKycReview(
  ctx: Pick<AdminContext, 'db' | 'clock' | 'jobs' | 'config'>,
  who: string,
  decision: KycReviewDecision,
  note: OperatorNote,
): Promise<KycReviewResult> {
  const user = await findUser(ctx.db, who);
  return ctx.db.transaction(async (tx) => {
    const session = await findSessionOfUser(tx, user.id, { forUpdate: true });
    if (!session || session.status !== 'review' || session.submitted_at === null) {
      throw refused(
        `${user.email} has no identity review pending (identity check: ${session?.status ?? 'not_started'}): nothing to decide`,
      );
    }
    const conclusion = decision === 'accept' ? IDV_REVIEW_CONCLUSIONS.accepted : IDV_REVIEW_CONCLUSIONS.rejected;
    const now = ctx.clock.now();
    await recordDecision(ctx, tx, {
      sessionId: session.id,
      submittedAt: new Date(session.submitted_at).toISOString(),
      userId: user.id,
      decision: conclusion.decision,
      reason: conclusion.reason,
      now,
    });
    const account = await findAccount(tx, user.id);
    const action = await recordOperatorAction(tx, {
      note,
      action: decision === 'accept' ? 'kyc_review_accept' : 'kyc_review_reject',
      subject: user.id,
      details: {
        email: user.email,
        sessionId: session.id,
        identity: conclusion.decision,
        accountStatus: account?.status ?? null,
      },
      now,
    });
    return {
      userGuid: user.id,
      email: user.email,
      decision,
      identity: { status: conclusion.decision, reason: conclusion.reason },
      account: account ? { status: account.status, reviewQueued: account.status === 'pending' } : null,
      action,
    };
  });
}

export function renderKycReviewResult(r: KycReviewResult): string {
  const next = !r.account
    ? 'No custodial account yet.'
    : r.account.reviewQueued
      ? "The custodian's review of the pending application is queued: the running app or worker decides the account next (on the embedded database, when the app starts)."
      : `The custodial account is ${r.account.status}.`;
  return [
    `The identity review of ${r.email} (${r.userGuid}) is decided: ${r.identity.status}.`,
    fields([
      ['user sees', r.identity.reason],
      ['recorded as', `operator action #${r.action.id}`],
      ['by', r.action.operator],
      ['reason', r.action.reason],
    ]),
    next,
  ].join('\n');
}
