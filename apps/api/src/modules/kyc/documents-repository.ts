import type { KycDocument, KycDocumentFile, KycDocumentMime, NormalisedKycDocumentFields } from '@rampart/contracts';
import type { Queryable } from '../../db';

export interface StoredFile {
  key: string;
  mime: KycDocumentMime;
  size: number;
  sha256: string;
  name: string | null;
}

export interface NewKycDocument {
  userId: string;
  relatedId: string | null;
  fields: NormalisedKycDocumentFields;
  front: StoredFile;
  back: StoredFile | null;
  /** N of fileN. */
  index: number;
  now: Date;
}

interface DocumentRow {
  id: string;
  document_type: KycDocument['documentType'];
  document_subtype: string | null;
  country: string;
  expires_on: string | null;
  issued_at: string | null;
  label: string | null;
  is_identity: boolean;
  is_identity_photo: boolean;
  is_proof_of_address: boolean;
  metadata: Record<string, unknown> | null;
  mime: KycDocumentMime;
  size: number | string;
  sha256: string;
  original_name: string | null;
  back_mime: KycDocumentMime | null;
  back_size: number | string | null;
  back_sha256: string | null;
  back_original_name: string | null;
  created_at: Date | string;
  [key: string]: unknown;
}

// Dates come back as text: the drivers would turn a `date` into a local-time Date and shift it across time zones.
const COLUMNS = `id, document_type, document_subtype, country, to_char(expires_on, 'YYYY-MM-DD') AS expires_on,
  to_char(issued_at, 'YYYY-MM-DD') AS issued_at, label, is_identity, is_identity_photo, is_proof_of_address, metadata,
  mime, size, sha256, original_name, back_mime, back_size, back_sha256, back_original_name, created_at`;

function fileOf(name: string | null, mime: KycDocumentMime, size: number | string, sha256: string): KycDocumentFile {
  return { name, mime, size: Number(size), sha256 };
}

function toDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    documentType: row.document_type,
    documentSubtype: row.document_subtype,
    country: row.country,
    expiresOn: row.expires_on,
    issuedOn: row.issued_at,
    label: row.label,
    identity: row.is_identity,
    identityPhoto: row.is_identity_photo,
    proofOfAddress: row.is_proof_of_address,
    metadata: row.metadata,
    file: fileOf(row.original_name, row.mime, row.size, row.sha256),
    backFile:
      row.back_mime && row.back_size !== null && row.back_sha256
        ? fileOf(row.back_original_name, row.back_mime, row.back_size, row.back_sha256)
        : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function insertKycDocument(tx: Queryable, doc: NewKycDocument): Promise<KycDocument> {
  const f = doc.fields;
  const { rows } = await tx.query<DocumentRow>(
    `INSERT INTO kyc_documents (user_id, related_id, document_type, document_subtype, country, expires_on, issued_at, label,
       is_identity, is_identity_photo, is_proof_of_address, metadata, mime, size, sha256, original_name, storage_key,
       back_mime, back_size, back_sha256, back_original_name, back_storage_key, upload_index, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
     RETURNING ${COLUMNS}`,
    [
      doc.userId,
      doc.relatedId,
      f.documentType,
      f.documentSubtype,
      f.country,
      f.expiresOn,
      f.issuedOn,
      f.label,
      f.identity,
      f.identityPhoto,
      f.proofOfAddress,
      f.metadata === null ? null : JSON.stringify(f.metadata),
      doc.front.mime,
      doc.front.size,
      doc.front.sha256,
      doc.front.name,
      doc.front.key,
      doc.back?.mime ?? null,
      doc.back?.size ?? null,
      doc.back?.sha256 ?? null,
      doc.back?.name ?? null,
      doc.back?.key ?? null,
      doc.index,
      doc.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('kyc_documents insert returned no row');
  return toDocument(row);
}

/**
 * The caller's documents only (docs/design-brief.md, section 6: every object is read through its owner), newest
 * first.
 */
export async function listKycDocuments(db: Queryable, userId: string): Promise<KycDocument[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM kyc_documents WHERE user_id = $1 ORDER BY created_at DESC, upload_index`,
    [userId],
  );
  return rows.map(toDocument);
}

/** An upload as the identity capture checks it (decision 010): its type, kind, format, back side and expiry. */
export interface CaptureUpload {
  id: string;
  document_type: string;
  is_identity_photo: boolean;
  mime: KycDocumentMime;
  has_back: boolean;
  expires_on: string | null;
  [key: string]: unknown;
}

/** The caller's own uploads among `ids` (another user's id is simply not found). */
export async function findCaptureUploads(
  db: Queryable,
  userId: string,
  ids: [string, string],
): Promise<CaptureUpload[]> {
  const { rows } = await db.query<CaptureUpload>(
    `SELECT id, document_type, is_identity_photo, mime, back_storage_key IS NOT NULL AS has_back,
            to_char(expires_on, 'YYYY-MM-DD') AS expires_on
     FROM kyc_documents WHERE user_id = $1 AND id IN ($2, $3)`,
    [userId, ...ids],
  );
  return rows;
}
