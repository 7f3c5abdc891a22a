import {
  identityServiceInputOf,
  type KycIndividual,
  type KycDocumentMime,
  type VerificationDecision,
  type VerificationDocumentType,
  type VerificationSession,
  type VerificationStatus,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import type { CapturedFile, IdentityDocumentCapture } from '../../providers/identity-documents/types';

export interface SessionRow {
  id: string;
  user_id: string;
  status: Exclude<VerificationStatus, 'not_started'>;
  document_type: VerificationDocumentType | null;
  /** The uploaded identity document and selfie the capture names (kyc_documents rows of the same user). */
  document_id: string | null;
  selfie_id: string | null;
  device_id: string | null;
  reason: string | null;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  [key: string]: unknown;
}

const DECISIONS: readonly string[] = ['accepted', 'rejected', 'review', 'resubmit'];
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Compares two submission times whatever form the driver returned them in (a capture is known by its time). */
export const sameInstant = (a: Date | string | null, b: Date | string | null) => iso(a) === iso(b);

export function toSession(row: SessionRow | undefined): VerificationSession {
  if (!row)
    return {
      sessionId: null,
      status: 'not_started',
      documentType: null,
      decision: null,
      reason: null,
      submittedAt: null,
      decidedAt: null,
    };
  return {
    sessionId: row.id,
    status: row.status,
    documentType: row.document_type,
    decision: DECISIONS.includes(row.status) ? (row.status as VerificationDecision) : null,
    reason: row.reason,
    submittedAt: iso(row.submitted_at),
    decidedAt: iso(row.decided_at),
  };
}

/** The caller's own session only (docs/design-brief.md, section 6: every object is read through its owner). */
export async function findSessionOfUser(
  db: Queryable,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT * FROM identity_verifications WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0];
}

export async function findSession(
  db: Queryable,
  sessionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT * FROM identity_verifications WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [sessionId],
  );
  return rows[0];
}

/** Makes the user's session (status capturing) if there is none, then locks and returns it. */
export async function lockOrStartSession(tx: Queryable, userId: string, now: Date): Promise<SessionRow> {
  await tx.query(
    `INSERT INTO identity_verifications (user_id, status, created_at, updated_at) VALUES ($1, 'capturing', $2, $2)
     ON CONFLICT (user_id) DO NOTHING`,
    [userId, now],
  );
  const row = await findSessionOfUser(tx, userId, { forUpdate: true });
  if (!row) throw new Error('identity_verifications row vanished');
  return row;
}

interface CaptureRow {
  id: string;
  status: SessionRow['status'];
  document_type: VerificationDocumentType | null;
  submitted_at: Date | string | null;
  email: string;
  last_name: string | null;
  /** The saved KYC record (jsonb), validated by the contracts schema when it was saved. */
  record: KycIndividual | null;
  document_id: string | null;
  document_country: string | null;
  document_expires_on: string | null;
  front_key: string | null;
  front_mime: KycDocumentMime | null;
  front_size: number | string | null;
  front_sha256: string | null;
  back_key: string | null;
  back_mime: KycDocumentMime | null;
  back_size: number | string | null;
  back_sha256: string | null;
  selfie_id: string | null;
  selfie_key: string | null;
  selfie_mime: KycDocumentMime | null;
  selfie_size: number | string | null;
  selfie_sha256: string | null;
  [key: string]: unknown;
}

/** A session with what the provider needs to check its capture: the person's markers and the files' metadata. */
export interface CaptureOfSession {
  status: SessionRow['status'];
  submittedAt: Date | string | null;
  /** null when the session names no complete capture (nothing to send to the provider). */
  capture: IdentityDocumentCapture | null;
}

export async function loadCapture(db: Queryable, sessionId: string): Promise<CaptureOfSession | undefined> {
  const { rows } = await db.query<CaptureRow>(
    `SELECT v.id, v.status, v.document_type, v.submitted_at, u.email, k.record -> 'name' ->> 'last' AS last_name, k.record AS record,
            d.id AS document_id, d.country AS document_country, to_char(d.expires_on, 'YYYY-MM-DD') AS document_expires_on,
            d.storage_key AS front_key, d.mime AS front_mime, d.size AS front_size, d.sha256 AS front_sha256,
            d.back_storage_key AS back_key, d.back_mime, d.back_size, d.back_sha256,
            s.id AS selfie_id, s.storage_key AS selfie_key, s.mime AS selfie_mime, s.size AS selfie_size, s.sha256 AS selfie_sha256
     FROM identity_verifications v
     JOIN users u ON u.id = v.user_id
     LEFT JOIN kyc_individuals k ON k.user_id = v.user_id
     LEFT JOIN kyc_documents d ON d.id = v.document_id AND d.user_id = v.user_id
     LEFT JOIN kyc_documents s ON s.id = v.selfie_id AND s.user_id = v.user_id
     WHERE v.id = $1`,
    [sessionId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const front = fileOf(r.front_key, r.front_mime, r.front_size, r.front_sha256);
  const selfie = fileOf(r.selfie_key, r.selfie_mime, r.selfie_size, r.selfie_sha256);
  const capture: IdentityDocumentCapture | null =
    r.document_type && r.document_id && r.document_country && front && r.selfie_id && selfie
      ? {
          sessionId: r.id,
          email: r.email,
          lastName: r.last_name,
          person: r.record ? identityServiceInputOf(r.record) : null,
          documentType: r.document_type,
          document: {
            id: r.document_id,
            country: r.document_country.trim(),
            expiresOn: r.document_expires_on,
            front,
            back: fileOf(r.back_key, r.back_mime, r.back_size, r.back_sha256),
          },
          selfie: { id: r.selfie_id, file: selfie },
        }
      : null;
  return { status: r.status, submittedAt: r.submitted_at, capture };
}

function fileOf(
  key: string | null,
  mime: KycDocumentMime | null,
  size: number | string | null,
  sha256: string | null,
): CapturedFile | null {
  return key && mime && size !== null && sha256 ? { storageKey: key, mime, size: Number(size), sha256 } : null;
}
