import type { Db, Queryable } from '../db';
import { usageError } from './errors';

/**
 * The operator's record (R6, decision 035): every change made with `npm run admin` names who made it and why, and is
 * written in the same transaction as the change (migration 0018).
 */
export const OPERATOR_ACTIONS = [
  'kyc_review_accept',
  'kyc_review_reject',
  'freeze',
  'unfreeze',
  'job_retry',
  'authenticator_reset',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Who acts and why: both required on every command that changes something. */
export interface OperatorNote {
  by: string;
  reason: string;
}

export interface OperatorActionRow {
  id: string;
  operator: string;
  action: OperatorAction;
  subject: string;
  reason: string;
  details: Record<string, unknown>;
  createdAt: string;
}

// No control characters: the record is printed in a terminal, and an escape sequence in it could rewrite the screen.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks --by and --reason before anything is read or changed. */
export function operatorNote(values: { by?: string | undefined; reason?: string | undefined }): OperatorNote {
  const by = values.by?.trim() ?? '';
  const reason = values.reason?.trim() ?? '';
  const problems: string[] = [];
  if (!by) problems.push('--by <operator> is required: who makes this change');
  else if (by.length > 100 || CONTROL.test(by)) problems.push('--by must be 1 to 100 printable characters');
  if (!reason) problems.push('--reason "<text>" is required: why this change is made');
  else if (reason.length > 1000 || CONTROL.test(reason.replace(/\n/g, ' ')))
    problems.push('--reason must be 1 to 1000 printable characters');
  if (problems.length > 0) throw usageError(problems.join('\n'));
  return { by, reason };
}

interface StoredRow {
  id: bigint | string;
  operator: string;
  action: OperatorAction;
  subject: string;
  reason: string;
  details: Record<string, unknown>;
  created_at: Date;
  [key: string]: unknown;
}

const toRow = (r: StoredRow): OperatorActionRow => ({
  id: String(r.id),
  operator: r.operator,
  action: r.action,
  subject: r.subject,
  reason: r.reason,
  details: r.details,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Inside the caller's transaction, beside the change it records. */
export async function recordOperatorAction(
  tx: Queryable,
  input: { note: OperatorNote; action: OperatorAction; subject: string; details?: Record<string, unknown>; now: Date },
): Promise<OperatorActionRow> {
  const { rows } = await tx.query<StoredRow>(
    `INSERT INTO operator_actions (operator, action, subject, reason, details, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [input.note.by, input.action, input.subject, input.note.reason, JSON.stringify(input.details ?? {}), input.now],
  );
  return toRow(rows[0]!);
}

/** Newest first; narrowed to one subject (a userGuid, a job id) or one operator when asked. */
export async function listOperatorActions(
  db: Db | Queryable,
  options: { limit: number; subject?: string | undefined; operator?: string | undefined },
): Promise<OperatorActionRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.subject) {
    params.push(options.subject);
    where.push(`subject = $${params.length}`);
  }
  if (options.operator) {
    params.push(options.operator);
    where.push(`operator = $${params.length}`);
  }
  params.push(options.limit);
  const { rows } = await db.query<StoredRow>(
    `SELECT * FROM operator_actions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toRow);
}
