import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Db, Queryable } from '../../db';
import { AppError } from '../../lib/app-error';

export type AttemptScope = 'account' | 'ip';
export type AttemptKind = 'failure' | 'send';

/**
 * Where attempts.ts counts failed passwords and codes, and codes sent: PostgreSQL by default, Redis when REDIS_URL
 * is set (decision 037). Either way every instance sees the same numbers.
 */
/** A counted event (its id, for release), or when the `limit`-th newest event in the window happened. */
export type AttemptClaim = { id: string } | { blockedSince: Date };

/** A counted event, to be taken back. */
export interface ClaimedEvent {
  scope: AttemptScope;
  subject: string;
  kind: AttemptKind;
  id: string;
}

export interface AttemptStore {
  /**
   * Counts one event at `at` unless `limit` events of the subject already fall after `since`. Atomic across callers
   * and instances: of concurrent claims, exactly as many succeed as there were places left (decision 050). With `q`,
   * the caller's transaction, the database store counts in it (undone if it rolls back) and holds the subject until
   * it ends.
   */
  claim(
    scope: AttemptScope,
    subject: string,
    kind: AttemptKind,
    at: Date,
    since: Date,
    limit: number,
    q?: Queryable,
  ): Promise<AttemptClaim>;
  /** Takes back claimed events (an attempt that turned out not to be a failure), all in one call. */
  release(claims: readonly ClaimedEvent[]): Promise<void>;
  /** When the `nth` newest event of the subject later than `since` happened, or null when there are fewer. */
  nthNewestSince(
    scope: AttemptScope,
    subject: string,
    kind: AttemptKind,
    since: Date,
    nth: number,
    q?: Queryable,
  ): Promise<Date | null>;
  /** Counts one event at `at`; `q` is the caller's transaction where the store is the database. */
  record(scope: AttemptScope, subject: string, kind: AttemptKind, at: Date, q?: Queryable): Promise<void>;
  clear(scope: AttemptScope, subject: string, kind: AttemptKind): Promise<void>;
}

/**
 * A failure claim is counted while its password or code is still being judged, and given back when it turns out
 * right. So a burst of attempts that will mostly succeed (users behind one address signing in at once, two tabs) can
 * find every place taken by claims still in flight. A refusal whose `limit`-th newest event is younger than
 * JUDGING_MS may be such a burst: the claim is tried again, with growing pauses, for up to PATIENCE_MS of real time.
 * Places held by judged failures stay taken, so the waiting claims end refused and no more than `limit` are ever
 * judged; a subject locked by older failures is refused at once. Not inside a caller's transaction: there the claim
 * holds the subject's lock (and on PGlite the only connection) that a release would need.
 */
const JUDGING_MS = 10_000;
const PATIENCE_MS = 8_000;

async function claimPatiently(
  kind: AttemptKind,
  at: Date,
  q: Queryable | undefined,
  claimOnce: () => Promise<AttemptClaim>,
): Promise<AttemptClaim> {
  const started = Date.now();
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const claim = await claimOnce();
    if (kind !== 'failure' || q || !('blockedSince' in claim)) return claim;
    if (at.getTime() - claim.blockedSince.getTime() >= JUDGING_MS || Date.now() - started + pause > PATIENCE_MS)
      return claim;
    await sleep(pause / 2 + Math.random() * pause);
  }
}

/**
 * The identity_attempts table (migration 0002). A claim takes a transaction-scoped advisory lock on the subject, so
 * the count and the insert of one claim are never interleaved with another's, on any connection of any instance.
 */
export function createPostgresAttemptStore(db: Db): AttemptStore {
  return {
    claim(scope, subject, kind, at, since, limit, q) {
      const run = async (tx: Queryable): Promise<AttemptClaim> => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `identity_attempts:${kind}:${scope}:${subject}`,
        ]);
        // After the lock, in one statement: the `limit`-th newest event in the window, and the new event unless there is one.
        const { rows } = await tx.query<{ id: string | null; blocked_since: Date | null }>(
          `WITH full_at AS (
             SELECT at FROM identity_attempts WHERE scope = $1 AND subject = $2 AND kind = $3 AND at > $4
             ORDER BY at DESC OFFSET $5 LIMIT 1
           ), inserted AS (
             INSERT INTO identity_attempts (scope, subject, kind, at)
             SELECT $1::text, $2::text, $3::text, $6::timestamptz WHERE NOT EXISTS (SELECT 1 FROM full_at)
             RETURNING id::text AS id
           )
           SELECT (SELECT id FROM inserted) AS id, (SELECT at FROM full_at) AS blocked_since`,
          [scope, subject, kind, since, limit - 1, at],
        );
        const row = rows[0]!;
        if (row.blocked_since) return { blockedSince: new Date(row.blocked_since) };
        return { id: row.id! };
      };
      return claimPatiently(kind, at, q, () => (q ? run(q) : db.transaction(run)));
    },
    async release(claims) {
      if (claims.length === 0) return;
      // By primary key (`id = ANY`), each row only when it is the claim's own scope, subject and kind.
      await db.query(
        `DELETE FROM identity_attempts WHERE id = ANY($1::bigint[])
           AND (id, scope, subject, kind) IN (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]))`,
        [claims.map((c) => c.id), claims.map((c) => c.scope), claims.map((c) => c.subject), claims.map((c) => c.kind)],
      );
    },
    async nthNewestSince(scope, subject, kind, since, nth, q = db) {
      const { rows } = await q.query<{ at: Date }>(
        `SELECT at FROM identity_attempts WHERE scope = $1 AND subject = $2 AND kind = $3 AND at > $4
         ORDER BY at DESC OFFSET $5 LIMIT 1`,
        [scope, subject, kind, since, nth - 1],
      );
      const at = rows[0]?.at;
      return at ? new Date(at) : null;
    },
    async record(scope, subject, kind, at, q = db) {
      await q.query('INSERT INTO identity_attempts (scope, subject, kind, at) VALUES ($1, $2, $3, $4)', [
        scope,
        subject,
        kind,
        at,
      ]);
    },
    async clear(scope, subject, kind) {
      await db.query('DELETE FROM identity_attempts WHERE scope = $1 AND subject = $2 AND kind = $3', [
        scope,
        subject,
        kind,
      ]);
    },
  };
}

/**
 * A claim in one script, which Redis runs without interleaving any other command: trims the window, and either
 * returns the score of the `limit`-th newest event (full) or adds the new one and returns nil.
 * KEYS[1] the set; ARGV: at, since (exclusive), limit, member, window in ms.
 */
const CLAIM_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local limit = tonumber(ARGV[3])
local found = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '(' .. ARGV[2], 'WITHSCORES', 'LIMIT', limit - 1, 1)
if found[2] then return found[2] end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return false
`;

/**
 * One sorted set per subject and kind, scored by the event's time in milliseconds (the app's clock, so tests that
 * move time see the same windows as PostgreSQL), trimmed to the window on every write and expiring `windowMs` after
 * its newest event. A counted send is not undone when the caller's transaction rolls back: one code fewer in the
 * window, never one more. While Redis is away every call refuses with 503 (fail closed: no guessing unlimited
 * while the counters cannot be read or written).
 */
export function createRedisAttemptStore(redis: Redis, options: { keyPrefix: string; windowMs: number }): AttemptStore {
  const key = (scope: AttemptScope, subject: string, kind: AttemptKind) =>
    `${options.keyPrefix}attempts:${kind}:${scope}:${subject}`;
  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new AppError('unavailable', { headers: { 'retry-after': '5' }, cause: error });
    }
  }
  return {
    claim(scope, subject, kind, at, since, limit) {
      return claimPatiently(kind, at, undefined, () =>
        guarded(async () => {
          const id = `${at.getTime()}:${randomUUID()}`;
          const found = await redis.eval(
            CLAIM_SCRIPT,
            1,
            key(scope, subject, kind),
            at.getTime(),
            since.getTime(),
            limit,
            id,
            options.windowMs,
          );
          return found === null ? { id } : { blockedSince: new Date(Number(found)) };
        }),
      );
    },
    release(claims) {
      return guarded(async () => {
        if (claims.length === 0) return;
        const results = await claims
          .reduce((multi, c) => multi.zrem(key(c.scope, c.subject, c.kind), c.id), redis.multi())
          .exec();
        const failed = results?.find(([error]) => error);
        if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was discarded');
      });
    },
    nthNewestSince(scope, subject, kind, since, nth) {
      return guarded(async () => {
        const found = await redis.zrevrangebyscore(
          key(scope, subject, kind),
          '+inf',
          `(${since.getTime()}`,
          'WITHSCORES',
          'LIMIT',
          nth - 1,
          1,
        );
        const score = found[1];
        return score === undefined ? null : new Date(Number(score));
      });
    },
    record(scope, subject, kind, at) {
      return guarded(async () => {
        const k = key(scope, subject, kind);
        const results = await redis
          .multi()
          .zadd(k, at.getTime(), `${at.getTime()}:${randomUUID()}`)
          .zremrangebyscore(k, '-inf', at.getTime() - options.windowMs)
          .pexpire(k, options.windowMs)
          .exec();
        const failed = results?.find(([error]) => error);
        if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was discarded');
      });
    },
    clear(scope, subject, kind) {
      return guarded(async () => {
        await redis.del(key(scope, subject, kind));
      });
    },
  };
}
