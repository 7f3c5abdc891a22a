import type { FeatureInterest, FeatureInterestType } from '@rampart/contracts';
import type { Queryable } from '../../db';

interface FeatureInterestRow {
  type: FeatureInterestType;
  network: string | null;
  asset_ticker: string | null;
  created_at: Date | string;
  [key: string]: unknown;
}

export interface NewFeatureInterest {
  type: FeatureInterestType;
  /** Both set for the asset type, both null for a method type (the table checks it). */
  network: string | null;
  assetTicker: string | null;
}

function toInterest(row: FeatureInterestRow): FeatureInterest {
  return {
    type: row.type,
    network: row.network,
    assetTicker: row.asset_ticker,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function subjectOf(interest: NewFeatureInterest): string {
  return interest.network === null ? '' : `${interest.network}:${interest.assetTicker ?? ''}`;
}

/**
 * Records the interest once: a second identical request (or two at the same time) finds the first row, so the
 * reply says `created: false` and carries the first time. One statement, no race between a read and an insert.
 */
export async function insertFeatureInterest(
  db: Queryable,
  userId: string,
  interest: NewFeatureInterest,
  now: Date,
): Promise<{ interest: FeatureInterest; created: boolean }> {
  const subject = subjectOf(interest);
  const inserted = await db.query<FeatureInterestRow>(
    `INSERT INTO feature_interests (user_id, type, network, asset_ticker, subject, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, type, subject) DO NOTHING
     RETURNING type, network, asset_ticker, created_at`,
    [userId, interest.type, interest.network, interest.assetTicker, subject, now],
  );
  const row = inserted.rows[0];
  if (row) return { interest: toInterest(row), created: true };
  const existing = await db.query<FeatureInterestRow>(
    'SELECT type, network, asset_ticker, created_at FROM feature_interests WHERE user_id = $1 AND type = $2 AND subject = $3',
    [userId, interest.type, subject],
  );
  const found = existing.rows[0];
  if (!found) throw new Error('feature_interests: a conflicting row vanished');
  return { interest: toInterest(found), created: false };
}

/** The user's interests, oldest first. */
export async function listFeatureInterests(db: Queryable, userId: string): Promise<FeatureInterest[]> {
  const { rows } = await db.query<FeatureInterestRow>(
    'SELECT type, network, asset_ticker, created_at FROM feature_interests WHERE user_id = $1 ORDER BY created_at, type, subject',
    [userId],
  );
  return rows.map(toInterest);
}
