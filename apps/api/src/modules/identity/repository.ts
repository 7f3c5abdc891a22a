import type { LoginMethodType, MfaMethod, UserInfo } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { createBatcher, perDatabase } from '../../lib/batcher';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  locale: 'en' | 'es';
  application_name: string | null;
  phone_number: string | null;
  phone_verified: boolean;
  pending_phone: string | null;
  preferred_mfa: MfaMethod;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  created_at: Date;
  [key: string]: unknown;
}

export interface SessionRow {
  id: string;
  user_id: string;
  login_method: LoginMethodType;
  expires_at: Date;
  revoked_at: Date | null;
  [key: string]: unknown;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

/** Inserts unless the email is taken; the unique constraint decides between concurrent sign-ups. */
export async function insertUser(
  q: Queryable,
  user: { email: string; passwordHash: string; locale: 'en' | 'es'; now: Date },
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (email, password_hash, status, locale, created_at, updated_at)
     VALUES ($1, $2, 'UNCONFIRMED', $3, $4, $4)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [user.email, user.passwordHash, user.locale, user.now],
  );
  return rows[0];
}

export async function updateUser(
  q: Queryable,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'status'
      | 'locale'
      | 'application_name'
      | 'password_hash'
      | 'phone_number'
      | 'phone_verified'
      | 'pending_phone'
      | 'preferred_mfa'
      | 'totp_secret'
      | 'totp_pending_secret'
    >
  > & { totp_last_step?: number | null },
  now: Date,
): Promise<UserRow> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`);
  const { rows } = await q.query<UserRow>(
    `UPDATE users SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`,
    [id, now, ...entries.map(([, v]) => v)],
  );
  const row = rows[0];
  if (!row) throw new Error('user vanished during update');
  return row;
}

/** Records a TOTP step as used, only if it is newer than the last one: false means a replay. */
export async function consumeTotpStep(q: Queryable, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [userId, step],
  );
  return rowCount === 1;
}

/** The newest TOTP step accepted for the user, or null. */
export async function totpLastStep(q: Queryable, userId: string): Promise<number | null> {
  const { rows } = await q.query<{ step: string | number | null }>(
    'SELECT totp_last_step AS step FROM users WHERE id = $1',
    [userId],
  );
  const step = rows[0]?.step;
  return step === null || step === undefined ? null : Number(step);
}

/** A session with its first refresh token; `q` must be a transaction (the two rows go together). */
export async function insertSession(
  q: Queryable,
  s: {
    userId: string;
    refreshHash: string;
    loginMethod: LoginMethodType;
    clientIp: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO identity_sessions (user_id, login_method, client_ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [s.userId, s.loginMethod, s.clientIp, s.now, s.expiresAt],
  );
  const id = rows[0]!.id;
  await insertRefreshToken(q, id, s.refreshHash, s.now);
  return id;
}

export async function insertRefreshToken(
  q: Queryable,
  sessionId: string,
  refreshHash: string,
  now: Date,
): Promise<void> {
  await q.query('INSERT INTO identity_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    refreshHash,
    sessionId,
    now,
  ]);
}

/** A refresh token's session, and when the token was replaced (null while it is the live one). */
export type RefreshTokenRow = SessionRow & { rotated_at: Date | null };

/**
 * The refresh token and its session, the token's row locked until `tx` ends: two uses of one token are judged one
 * after the other (decision 050).
 */
export async function lockRefreshToken(tx: Queryable, refreshHash: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `SELECT s.*, t.rotated_at FROM identity_refresh_tokens t JOIN identity_sessions s ON s.id = t.session_id
     WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [refreshHash],
  );
  return rows[0];
}

/** Marks the token replaced, keeping the first replacement's time (the grace runs from it). */
export async function markRefreshTokenRotated(tx: Queryable, refreshHash: string, now: Date): Promise<void> {
  await tx.query('UPDATE identity_refresh_tokens SET rotated_at = COALESCE(rotated_at, $2) WHERE token_hash = $1', [
    refreshHash,
    now,
  ]);
}

/** A session that is neither revoked nor expired, with its user. */
export type LiveSession = SessionRow & { email: string; account_frozen: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sessions of several requests in one statement (decision 041): each (session, time) is judged as
 * findLiveSession judges one, not revoked and not expired at that time. The custodial account's frozen flag comes
 * along (R5's guard runs on every signed-in call: one round trip, not two).
 */
async function findLiveSessions(
  q: Queryable,
  keys: readonly { sessionId: string; now: Date }[],
): Promise<(LiveSession | undefined)[]> {
  // Our own tokens carry a uuid; anything else names no session (and would fail the whole statement's cast).
  const valid = keys.map((key, i) => ({ ...key, i })).filter((key) => UUID.test(key.sessionId));
  const found = new Map<number, LiveSession>();
  if (valid.length > 0) {
    const { rows } = await q.query<LiveSession & { key_index: number }>(
      `SELECT k.i::int AS key_index, s.*, u.email, COALESCE((SELECT a.frozen FROM custodian_accounts a WHERE a.user_id = s.user_id), false) AS account_frozen
       FROM unnest($1::uuid[], $2::timestamptz[], $3::int[]) AS k(id, at, i)
       -- LATERAL: one index lookup per key, whatever the plan's guess of the keys' number. LIMIT 1 (by primary key)
       -- keeps the planner from pulling a lookup up into a hash join over the whole table (decision 044).
       CROSS JOIN LATERAL (SELECT * FROM identity_sessions x WHERE x.id = k.id AND x.revoked_at IS NULL AND x.expires_at > k.at LIMIT 1) s
       CROSS JOIN LATERAL (SELECT y.email FROM users y WHERE y.id = s.user_id LIMIT 1) u`,
      [valid.map((key) => key.sessionId), valid.map((key) => key.now), valid.map((key) => key.i)],
      // Every signed-in request runs it: prepared once per connection.
      { name: 'identity-live-sessions' },
    );
    for (const { key_index: index, ...row } of rows) found.set(index, row as LiveSession);
  }
  return keys.map((_, i) => found.get(i));
}

const liveSessionBatcher = perDatabase((q: Queryable) =>
  createBatcher((keys: { sessionId: string; now: Date }[]) => findLiveSessions(q, keys), {
    maxInFlight: 4,
    maxBatch: 200,
  }),
);

/** A session that is neither revoked nor expired at `now`, with its user's email and the account's frozen flag. */
export async function findLiveSession(q: Queryable, sessionId: string, now: Date): Promise<LiveSession | undefined> {
  return (await findLiveSessions(q, [{ sessionId, now }]))[0];
}

/**
 * findLiveSession for the requests' bearer check, on the database handle itself (never in a transaction): the
 * checks of concurrent requests share one statement (lib/batcher.ts), each as exact as its own query would be.
 */
export function findLiveSessionBatched(db: Queryable, sessionId: string, now: Date): Promise<LiveSession | undefined> {
  return liveSessionBatcher(db)({ sessionId, now });
}

export async function touchSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query('UPDATE identity_sessions SET last_used_at = $2 WHERE id = $1', [sessionId, now]);
}

/** Revokes the user's live sessions, all of them or all but one. Returns how many. */
export async function revokeSessions(
  q: Queryable,
  userId: string,
  now: Date,
  options: { except?: string; only?: string } = {},
): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE identity_sessions SET revoked_at = $2
     WHERE user_id = $1 AND revoked_at IS NULL
       AND ($3::uuid IS NULL OR id <> $3::uuid) AND ($4::uuid IS NULL OR id = $4::uuid)`,
    [userId, now, options.except ?? null, options.only ?? null],
  );
  return rowCount;
}

export function toUserInfo(u: UserRow): UserInfo {
  return {
    userGuid: u.id,
    email: u.email,
    emailVerified: u.status === 'CONFIRMED',
    locale: u.locale,
    applicationName: u.application_name,
    phoneNumber: u.phone_number,
    phoneNumberVerified: u.phone_verified,
    preferredMfa: u.preferred_mfa,
    totpEnabled: u.totp_secret !== null,
    createdAt: new Date(u.created_at).toISOString(),
  };
}

/** The user's email and language, for the mails other modules send (withdrawals, orders). */
export async function findUserContact(
  db: Queryable,
  userId: string,
): Promise<{ email: string; locale: 'en' | 'es' } | null> {
  const { rows } = await db.query<{ email: string; locale: 'en' | 'es' }>(
    'SELECT email, locale FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? null;
}
