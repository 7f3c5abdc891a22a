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
import type { VerificationContext } from './context';
import { enqueueDecision } from './decide-verification';
import { lockOrStartSession, toSession, type SessionRow } from './repository';

const M = VERIFICATION_MESSAGES.en;
const IMAGE_MIMES: readonly KycDocumentMime[] = ['image/jpeg', 'image/png'];

interface UploadRow {
  id: string;
  document_type: string;
  is_identity_photo: boolean;
  mime: KycDocumentMime;
  has_back: boolean;
  expires_on: string | null;
  [key: string]: unknown;
}

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
  const { rows } = await tx.query<UploadRow>(
    `SELECT id, document_type, is_identity_photo, mime, back_storage_key IS NOT NULL AS has_back,
            to_char(expires_on, 'YYYY-MM-DD') AS expires_on
     FROM kyc_documents WHERE user_id = $1 AND id IN ($2, $3)`,
    [userId, body.documentId, body.selfieId],
  );
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
    // The KYC record's socureDocumentId / socureDeviceId (document 1, section 3): which capture and which device.
    await tx.query(
      'UPDATE kyc_individuals SET socure_document_id = $2, socure_device_id = $3, updated_at = $4 WHERE user_id = $1',
      [userId, session.id, body.deviceId ?? null, now],
    );
    await enqueueDecision(ctx.jobs, tx, session.id);
    return toSession(rows[0]);
  });
  // Counted once committed: a refused capture is no submitted document.
  ctx.events?.record('document_submitted', 'server');
  return submitted;
}
