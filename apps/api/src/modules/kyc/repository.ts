import { KycIndividual } from '@rampart/contracts';
import type { Queryable } from '../../db';

export interface IndividualRow {
  user_id: string;
  related_id: string;
  unique_id: string;
  record: KycIndividual;
  socure_document_id: string | null;
  socure_device_id: string | null;
  email: string;
}

/** The caller's record, with the account email (the record's email is always the signed-in address). */
export async function findIndividual(
  db: Queryable,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<IndividualRow | null> {
  const { rows } = await db.query<Omit<IndividualRow, 'record'> & { record: unknown; [key: string]: unknown }>(
    `SELECT k.user_id, k.related_id, k.unique_id, k.record, k.socure_document_id, k.socure_device_id, u.email
     FROM kyc_individuals k JOIN users u ON u.id = k.user_id WHERE k.user_id = $1${options.forUpdate ? ' FOR UPDATE OF k' : ''}`,
    [userId],
  );
  const row = rows[0];
  // Parsed on the way out: a record written by an older version still comes back in today's shape, or fails loudly.
  return row ? { ...row, unique_id: String(row.unique_id), record: KycIndividual.parse(row.record) } : null;
}

export async function insertIndividual(
  tx: Queryable,
  userId: string,
  relatedId: string,
  record: KycIndividual,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO kyc_individuals (user_id, related_id, record, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [userId, relatedId, JSON.stringify(record), now],
  );
  return rows.length === 1;
}

export async function updateIndividual(tx: Queryable, userId: string, record: KycIndividual, now: Date): Promise<void> {
  await tx.query('UPDATE kyc_individuals SET record = $2, updated_at = $3 WHERE user_id = $1', [
    userId,
    JSON.stringify(record),
    now,
  ]);
}

/** The user's custodian contact id (document 2, section 7: relatedId); null before the KYC record. */
export async function findRelatedId(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ related_id: string }>('SELECT related_id FROM kyc_individuals WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.related_id ?? null;
}

/** The KYC record's socureDocumentId / socureDeviceId (document 1, section 3): which capture and which device. */
export async function recordCaptureOfIndividual(
  tx: Queryable,
  userId: string,
  captureId: string,
  deviceId: string | null,
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE kyc_individuals SET socure_document_id = $2, socure_device_id = $3, updated_at = $4 WHERE user_id = $1',
    [userId, captureId, deviceId, now],
  );
}

/** The country of the KYC record's address, null before the record. */
export async function findRecordCountry(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ country: string | null }>(
    `SELECT record -> 'address' ->> 'country' AS country FROM kyc_individuals WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.country ?? null;
}

/** Removes the KYC record (the sandbox's clear): onboarding starts again. The uploaded documents are kept. */
export async function deleteIndividual(tx: Queryable, userId: string): Promise<void> {
  await tx.query('DELETE FROM kyc_individuals WHERE user_id = $1', [userId]);
}
