import type { AccountStatus, KycCheckName, KycCheckStatus } from '@rampart/contracts';
import type { Queryable } from '../../db';

/** Stored statuses: noInfo is the absence of a row. */
export type StoredAccountStatus = Exclude<AccountStatus, 'noInfo'>;
export type KycCheckMap = Record<KycCheckName, KycCheckStatus>;

export interface AccountRow {
  user_id: string;
  account_id: string | null;
  status: StoredAccountStatus;
  status_reason: string | null;
  checks: KycCheckMap;
  signature: string | null;
  submitted_at: Date | null;
  [key: string]: unknown;
}

export interface TransitionRow {
  from_status: AccountStatus;
  to_status: AccountStatus;
  reason: string;
  at: Date;
  [key: string]: unknown;
}

/**
 * The user's custodial account status as an SQL scalar (NULL when there is no account row), for a statement of
 * another module that must read it in its own round trip; `userId` is an SQL expression (a column or a parameter).
 */
export function accountStatusSql(userId: string): string {
  return `(SELECT a.status FROM custodian_accounts a WHERE a.user_id = ${userId})`;
}

export async function findAccount(
  db: Queryable,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT user_id, account_id, status, status_reason, checks, signature, submitted_at
     FROM custodian_accounts WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Creates the incomplete account unless one exists; true when this call created it. */
export async function createIncompleteAccount(
  tx: Queryable,
  userId: string,
  checks: KycCheckMap,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO custodian_accounts (user_id, status, checks, created_at, updated_at)
     VALUES ($1, 'incomplete', $2, $3, $3) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [userId, JSON.stringify(checks), now],
  );
  return rows.length === 1;
}

export async function markSubmitted(
  tx: Queryable,
  userId: string,
  input: { accountId: string; signature: string; agreementVersion: string; now: Date },
): Promise<void> {
  await tx.query(
    `UPDATE custodian_accounts SET status = 'pending', status_reason = NULL, account_id = $2, signature = $3,
       agreement_version = $4, submitted_at = $5, updated_at = $5 WHERE user_id = $1`,
    [userId, input.accountId, input.signature, input.agreementVersion, input.now],
  );
}

export async function updateReview(
  tx: Queryable,
  userId: string,
  input: { status: StoredAccountStatus; reason: string | null; checks: KycCheckMap; now: Date; decided: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE custodian_accounts SET status = $2, status_reason = $3, checks = $4, updated_at = $5,
       decided_at = CASE WHEN $6::boolean THEN $5 ELSE decided_at END WHERE user_id = $1`,
    [userId, input.status, input.reason, JSON.stringify(input.checks), input.now, input.decided],
  );
}

export async function recordTransition(
  tx: Queryable,
  userId: string,
  from: AccountStatus,
  to: AccountStatus,
  reason: string,
  at: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO custodian_account_transitions (user_id, from_status, to_status, reason, at) VALUES ($1, $2, $3, $4, $5)',
    [userId, from, to, reason, at],
  );
}

export async function listTransitions(db: Queryable, userId: string): Promise<TransitionRow[]> {
  const { rows } = await db.query<TransitionRow>(
    'SELECT from_status, to_status, reason, at FROM custodian_account_transitions WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

/** Removes the account row: the user is back at noInfo (the sandbox's clear). The transition history is kept. */
export async function deleteAccount(tx: Queryable, userId: string): Promise<void> {
  await tx.query('DELETE FROM custodian_accounts WHERE user_id = $1', [userId]);
}
