import { BANK_REAUTH_FIELD, BANK_REAUTH_NOTICE, type BankAccount, type BankAccountSubtype } from '@rampart/contracts';
import type { Queryable } from '../../db';

export interface BankMethodRow {
  id: string;
  user_id: string;
  item_id: string;
  account_id: string;
  institution_id: string;
  institution_name: string;
  account_name: string;
  mask: string;
  subtype: BankAccountSubtype;
  login_required: boolean;
  [key: string]: unknown;
}

export interface NewBankMethod {
  itemId: string;
  accountId: string;
  institutionId: string;
  institutionName: string;
  accountName: string;
  mask: string;
  subtype: BankAccountSubtype;
}

/** Adds the item's account, or answers the live method that already names it (idempotent add). */
export async function upsertBankMethod(
  tx: Queryable,
  userId: string,
  method: NewBankMethod,
  now: Date,
): Promise<BankMethodRow> {
  const { rows } = await tx.query<BankMethodRow>(
    `INSERT INTO bank_methods (user_id, item_id, account_id, institution_id, institution_name, account_name, mask, subtype, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (user_id, item_id, account_id) WHERE removed_at IS NULL DO UPDATE SET updated_at = bank_methods.updated_at
     RETURNING *`,
    [
      userId,
      method.itemId,
      method.accountId,
      method.institutionId,
      method.institutionName,
      method.accountName,
      method.mask,
      method.subtype,
      now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('bank_methods upsert returned nothing');
  return row;
}

/** The caller's own live method only (docs/design-brief.md, section 6): another user's id reads as unknown. */
export async function findBankMethodOfUser(
  db: Queryable,
  userId: string,
  methodId: string,
  options: { forUpdate?: boolean } = {},
): Promise<BankMethodRow | undefined> {
  const { rows } = await db.query<BankMethodRow>(
    `SELECT * FROM bank_methods WHERE id = $1 AND user_id = $2 AND removed_at IS NULL${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [methodId, userId],
  );
  return rows[0];
}

export async function listBankMethodsOfUser(db: Queryable, userId: string): Promise<BankMethodRow[]> {
  const { rows } = await db.query<BankMethodRow>(
    'SELECT * FROM bank_methods WHERE user_id = $1 AND removed_at IS NULL ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

export async function markRemoved(tx: Queryable, methodId: string, now: Date): Promise<void> {
  await tx.query('UPDATE bank_methods SET removed_at = $2, updated_at = $2 WHERE id = $1', [methodId, now]);
}

/** Login-required on every live method of the item (one login serves all of an item's accounts). */
export async function setItemLoginRequired(
  tx: Queryable,
  userId: string,
  itemId: string,
  required: boolean,
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE bank_methods SET login_required = $3, updated_at = $4 WHERE user_id = $1 AND item_id = $2 AND removed_at IS NULL',
    [userId, itemId, required, now],
  );
}

/** The bank account of document 1, section 3; the method id serves as resourceId and both method ids. */
export function toBankAccount(row: BankMethodRow, relatedId: string | null): BankAccount {
  return {
    resourceId: row.id,
    relatedId,
    bankName: row.institution_name,
    nickname: row.account_name,
    lastDigits: row.mask,
    fundsTransferMethod: 'plaid',
    primetrustFundsTransferMethodId: row.id,
    // One custodian method per bank serves both directions, so the document's second name carries the same id
    // (decision 064): a client that reads either finds it.
    primetrustFundsTransferMethod2Id: row.id,
    institutionId: row.institution_id,
    subtype: row.subtype,
    requiresReauth: row.login_required,
    errors: row.login_required
      ? { errors: [BANK_REAUTH_NOTICE], fields: { [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE } }
      : null,
  };
}
