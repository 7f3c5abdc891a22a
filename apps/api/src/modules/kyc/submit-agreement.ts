import { KYC_MESSAGES, normaliseSignature, signatureOf, type AgreementSubmitReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { type AccountsContext, findAccount, markSubmitted, recordTransition, enqueueReview } from '../accounts';
import { ensureCaptureSubmitted } from '../verification';
import { AGREEMENT_VERSION } from './agreement-template';
import { findIndividual } from './repository';

/**
 * `/agreement-submit-individual`: the signature (first and last name joined by a space, document 1, section 3)
 * must match the record and an identity capture must have been submitted (409 verification_incomplete otherwise);
 * the custodian opens the application and the account becomes pending. Its checks then run as a job
 * (accounts.review-application), after the configured delay.
 */
export async function submitAgreement(
  ctx: AccountsContext,
  userId: string,
  signature: string,
): Promise<AgreementSubmitReply> {
  const row = await findIndividual(ctx.db, userId);
  if (!row) throw new AppError('kyc_details_missing');
  if (normaliseSignature(signature) !== normaliseSignature(signatureOf(row.record.name))) {
    throw AppError.validation({ signature: KYC_MESSAGES.en.signatureMismatch });
  }
  const before = await findAccount(ctx.db, userId);
  if (!before || before.status !== 'incomplete') throw new AppError('kyc_already_submitted');
  // The custodian's document check is the identity decision (decision 010): nothing to check without a capture.
  await ensureCaptureSubmitted(ctx.db, userId);
  const { accountId } = await ctx.custodian.openAccount({
    contactId: row.related_id,
    email: row.email,
    individual: row.record,
    signature,
    agreementVersion: AGREEMENT_VERSION,
  });
  await ctx.db.transaction(async (tx) => {
    // Re-read under a lock: of two signatures sent at once only one opens the application.
    const account = await findAccount(tx, userId, { forUpdate: true });
    if (!account || account.status !== 'incomplete') throw new AppError('kyc_already_submitted');
    const now = ctx.clock.now();
    await markSubmitted(tx, userId, {
      accountId,
      signature: signature.trim(),
      agreementVersion: AGREEMENT_VERSION,
      now,
    });
    await recordTransition(tx, userId, 'incomplete', 'pending', 'Custodial agreement signed', now);
    await enqueueReview(ctx.jobs, tx, userId, ctx.config.custodianReviewDelaySeconds);
  });
  return { status: 'pending' };
}
