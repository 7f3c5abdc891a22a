import type { VerificationDecision, VerificationDocumentType, VerificationSession, VerificationStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';

export interface SessionRow {
  id: string;
  user_id: string;
  status: Exclude<VerificationStatus, 'not_started'>;
  document_type: VerificationDocumentType | null;
  front_ref: string | null;
  back_ref: string | null;
  selfie_ref: string | null;
  reason: string | null;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  [key: string]: unknown;
}

const DECISIONS: readonly string[] = ['accepted', 'rejected', 'review', 'resubmit'];
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toSession(row: SessionRow | undefined): VerificationSession {
  if (!row) return { sessionId: null, status: 'not_started', documentType: null, decision: null, reason: null, submittedAt: null, decidedAt: null };
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

/** The caller's own session only (ARCHITECTURE.md, section 6: every object is read through its owner). */
export async function findSessionOfUser(db: Queryable, userId: string, options: { forUpdate?: boolean } = {}): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(`SELECT * FROM identity_verifications WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [userId]);
  return rows[0];
}

export async function findSession(db: Queryable, sessionId: string, options: { forUpdate?: boolean } = {}): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(`SELECT * FROM identity_verifications WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [sessionId]);
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
