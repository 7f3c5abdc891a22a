import {
  cardExpiry,
  type CardBrand,
  type CardContribution,
  type CardContributionStatus,
  type CardFunding,
  type CardMethod,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { fromMinorUnits } from '../ledger';
import { isExpired } from '../../providers/card-processor/card-rules';

export interface CardMethodRow {
  id: string;
  user_id: string;
  nickname: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: CardFunding;
  removed_at: Date | null;
  [key: string]: unknown;
}

export interface CardContributionRow {
  id: string;
  user_id: string;
  card_method_id: string;
  amount: string;
  fee: string;
  status: CardContributionStatus;
  authorization_id: string | null;
  transfer_id: string | null;
  decline_message: string | null;
  request: unknown;
  created_at: Date;
  [key: string]: unknown;
}

export interface NewCardMethod {
  id: string;
  nickname: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: CardFunding;
}

/** Adds the processor's card as the user's method, or answers the row that already names it (idempotent add). */
export async function insertCardMethod(
  tx: Queryable,
  userId: string,
  method: NewCardMethod,
  now: Date,
): Promise<CardMethodRow> {
  const { rows } = await tx.query<CardMethodRow>(
    `INSERT INTO card_methods (id, user_id, nickname, brand, last4, exp_month, exp_year, funding, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (id) DO UPDATE SET updated_at = card_methods.updated_at
     RETURNING *`,
    [
      method.id,
      userId,
      method.nickname,
      method.brand,
      method.last4,
      method.expMonth,
      method.expYear,
      method.funding,
      now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('card_methods insert returned nothing');
  return row;
}

/** The caller's own live card only (docs/design-brief.md, section 6): another user's id reads as unknown. */
export async function findCardMethodOfUser(
  db: Queryable,
  userId: string,
  methodId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardMethodRow | undefined> {
  const { rows } = await db.query<CardMethodRow>(
    `SELECT * FROM card_methods WHERE id = $1 AND user_id = $2 AND removed_at IS NULL${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [methodId, userId],
  );
  return rows[0];
}

export async function listCardMethodsOfUser(db: Queryable, userId: string): Promise<CardMethodRow[]> {
  const { rows } = await db.query<CardMethodRow>(
    'SELECT * FROM card_methods WHERE user_id = $1 AND removed_at IS NULL ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

export async function markCardRemoved(tx: Queryable, methodId: string, now: Date): Promise<void> {
  await tx.query('UPDATE card_methods SET removed_at = $2, updated_at = $2 WHERE id = $1', [methodId, now]);
}

export function toCardMethod(row: CardMethodRow, now: Date): CardMethod {
  const expMonth = Number(row.exp_month);
  const expYear = Number(row.exp_year);
  return {
    fundsTransferMethodId: row.id,
    nickname: row.nickname,
    fundsTransferMethod: 'credit_card',
    brand: row.brand,
    last4: row.last4,
    expMonth,
    expYear,
    expiry: cardExpiry(expMonth, expYear),
    funding: row.funding,
    expired: isExpired(expMonth, expYear, now),
  };
}

export interface NewCardContribution {
  userId: string;
  cardMethodId: string;
  amount: bigint;
  fee: bigint;
  idempotencyKey: string;
  request: Record<string, string>;
  now: Date;
}

/** Inserts the deposit, or null when the user already has one under this key. */
export async function insertCardContribution(
  tx: Queryable,
  input: NewCardContribution,
): Promise<CardContributionRow | null> {
  const { rows } = await tx.query<CardContributionRow>(
    `INSERT INTO card_contributions (user_id, card_method_id, amount, fee, status, idempotency_key, request, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'awaiting_authorization', $5, $6, $7, $7)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING
     RETURNING *`,
    [
      input.userId,
      input.cardMethodId,
      input.amount.toString(),
      input.fee.toString(),
      input.idempotencyKey,
      JSON.stringify(input.request),
      input.now,
    ],
  );
  return rows[0] ?? null;
}

export async function findCardContributionByKey(
  tx: Queryable,
  userId: string,
  key: string,
): Promise<CardContributionRow | undefined> {
  const { rows } = await tx.query<CardContributionRow>(
    'SELECT * FROM card_contributions WHERE user_id = $1 AND idempotency_key = $2 FOR UPDATE',
    [userId, key],
  );
  return rows[0];
}

/** The caller's own deposit only: another user's id reads as unknown. */
export async function findCardContributionOfUser(
  db: Queryable,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardContributionRow | undefined> {
  const { rows } = await db.query<CardContributionRow>(
    `SELECT * FROM card_contributions WHERE id = $1 AND user_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return rows[0];
}

export async function updateCardContribution(
  tx: Queryable,
  id: string,
  changes: {
    status: CardContributionStatus;
    authorizationId?: string | null;
    transferId?: string | null;
    declineMessage?: string | null;
  },
  now: Date,
): Promise<CardContributionRow> {
  const { rows } = await tx.query<CardContributionRow>(
    `UPDATE card_contributions SET status = $2,
       authorization_id = COALESCE($3, authorization_id),
       transfer_id = COALESCE($4, transfer_id),
       decline_message = COALESCE($5, decline_message),
       updated_at = $6
     WHERE id = $1 RETURNING *`,
    [
      id,
      changes.status,
      changes.authorizationId ?? null,
      changes.transferId ?? null,
      changes.declineMessage ?? null,
      now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('card_contributions update found nothing');
  return row;
}

/** The deposits of a card still waiting for their authorization (a removed card cancels them). */
export async function awaitingContributionsOfCard(tx: Queryable, cardMethodId: string): Promise<CardContributionRow[]> {
  const { rows } = await tx.query<CardContributionRow>(
    "SELECT * FROM card_contributions WHERE card_method_id = $1 AND status = 'awaiting_authorization' FOR UPDATE",
    [cardMethodId],
  );
  return rows;
}

export function toCardContribution(row: CardContributionRow): CardContribution {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    contributionId: row.id,
    fundsTransferMethodId: row.card_method_id,
    status: row.status,
    amount: fromMinorUnits(amount, 'USD'),
    fee: fromMinorUnits(fee, 'USD'),
    total: fromMinorUnits(amount + fee, 'USD'),
    authorizationId: row.authorization_id,
    transferId: row.transfer_id,
    declineMessage: row.decline_message,
    createdAt: row.created_at.toISOString(),
  };
}

/** The caller's card even when removed since (a deposit authorized before the removal still completes). */
export async function findCardMethodIncludingRemoved(
  db: Queryable,
  userId: string,
  methodId: string,
): Promise<CardMethodRow | undefined> {
  const { rows } = await db.query<CardMethodRow>('SELECT * FROM card_methods WHERE id = $1 AND user_id = $2', [
    methodId,
    userId,
  ]);
  return rows[0];
}
