import {
  VERIFICATION_BACK_REQUIRED,
  VERIFICATION_MESSAGES,
  VERIFICATION_SUBMITTABLE,
  wrongDocumentTypeMessage,
  type KycDocumentMime,
  type SubmitDocumentRequest,
  type VerificationSession,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { findCaptureUploads, recordCaptureOfIndividual } from '../kyc';
import type { VerificationContext } from './context';
import { enqueueDecision } from './decide-verification';
import { lockOrStartSession, toSession, type SessionRow } from './repository';

const M = VERIFICATION_MESSAGES.en;
const IMAGE_MIMES: readonly KycDocumentMime[] = ['image/jpeg', 'image/png'];

/**
 * The capture names two of the caller's own uploads (decision 010): the identity document of the declared type,
 * with its back side when the type needs one and an expiry after today (the app clock's UTC date), and a selfie
 * (an image marked identity_photo). Another user's id reads as "not found": nothing tells them it exists.
 */
async function captureProblems(
  tx: Queryable,
  userId: string,
  body: SubmitDocumentRequest,
  now: Date,
): Promise<Record<string, string>> {
  const rows = await findCaptureUploads(tx, userId, [body.documentId, body.selfieId]);
  const problems: Record<string, string> = {};
  const document = rows.find((r) => r.id === body.documentId);
  const today = now.toISOString().slice(0, 10);
  if (!document) problems['documentId'] = M.documentNotFound;
  else if (document.document_type !== body.documentType)
    problems['documentId'] = wrongDocumentTypeMessage(body.documentType);
  else if (VERIFICATION_BACK_REQUIRED.includes(body.documentType) && !document.has_back)
    problems['documentId'] = M.backRequired;
  // YYYY-MM-DD strings order as dates do; a document expiring today is expired, as at upload (decision 008).
  else if (document.expires_on === null || document.expires_on <= today) problems['documentId'] = M.documentExpired;

  const selfie = body.selfieId === body.documentId ? undefined : rows.find((r) => r.id === body.selfieId);
  if (!selfie || !selfie.is_identity_photo) problems['selfieId'] = M.selfieMissing;
  else if (!IMAGE_MIMES.includes(selfie.mime)) problems['selfieId'] = M.selfieNotImage;
  return problems;
}

/**
 * Records the capture (status submitted) and enqueues the decision job in the same transaction. A refused capture
 * changes nothing: a session started here is rolled back with the refusal.
 */
export async function submitDocument(
  ctx: VerificationContext,
  userId: string,
  body: SubmitDocumentRequest,
): Promise<VerificationSession> {
  const submitted = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const session = await lockOrStartSession(tx, userId, now);
    if (!VERIFICATION_SUBMITTABLE.includes(session.status)) throw new AppError('verification_already_submitted');
    // A throw rolls the transaction back, the session's creation included.
    const problems = await captureProblems(tx, userId, body, now);
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    const { rows } = await tx.query<SessionRow>(
      `UPDATE identity_verifications
       SET status = 'submitted', document_type = $2, document_id = $3, selfie_id = $4, device_id = $5,
           reason = NULL, decided_at = NULL, submitted_at = $6, updated_at = $6
       WHERE id = $1 RETURNING *`,
      [session.id, body.documentType, body.documentId, body.selfieId, body.deviceId ?? null, now],
    );
    await recordCaptureOfIndividual(tx, userId, session.id, body.deviceId ?? null, now);
    await enqueueDecision(ctx.jobs, tx, session.id);
    return toSession(rows[0]);
  });
  // Counted once committed: a refused capture is no submitted document.
  ctx.events?.record('document_submitted', 'server');
  return submitted;
}
