import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db';
import { AppError } from '../app-error';
import { firstDifference, idempotencyMismatch, type Json } from './compare';

/**
 * The store behind the HTTP idempotency of money-moving routes (R16, decision 018): table http_idempotency_keys.
 * Every statement here runs on its own (committed at once), never inside the handler's transaction: a concurrent
 * duplicate must see the claim while the first request is still working.
 */

/** How long an in-flight claim protects its request: older ones belong to a request that crashed and are taken over. */
export const IN_FLIGHT_TIMEOUT_MS = 60_000;
/** Seconds a client is told to wait before retrying a request whose key is in flight. */
export const RETRY_AFTER_SECONDS = 1;
/**
 * Keys are kept at least this long (docs/design-brief.md, section 3; decision 018); the cleanup job deletes older
 * ones.
 */
export const KEY_LIFETIME_MS = 24 * 3600 * 1000;

export interface Claim {
  userId: string;
  key: string;
  claimId: string;
}

export type ClaimOutcome = { kind: 'claimed'; claim: Claim } | { kind: 'replay'; statusCode: number; payload: string };

interface KeyRow {
  route: string;
  params: Json;
  state: 'in_flight' | 'done';
  claim_id: string;
  claimed_at: Date;
  status_code: number | null;
  reply: string | null;
  [key: string]: unknown;
}

export function inFlight(): AppError {
  return new AppError('conflict', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
}

/**
 * Claims (user, key) for a request to `route` with `params` (the request body). Fresh key: claimed. Known key:
 * another route or other parameters -> 422 idempotency_error naming the first differing field; a stored reply ->
 * replay; still in flight -> 409 conflict (Retry-After), unless the claim is older than the timeout (its request
 * crashed), then this request takes it over.
 */
export async function claimHttpKey(
  db: Queryable,
  input: {
    userId: string;
    key: string;
    route: string;
    params: Json;
    now: Date;
    timeoutMs?: number;
    /** False for single-flight routes: their module compares the parameters itself (its own normalisation). */
    compareParams?: boolean;
    /**
     * What is compared of the parameters, applied to the stored ones and these alike (default: the parameters as
     * sent): a route whose values have several spellings ("100", 100, "100.00") compares them as it reads them.
     */
    compared?: (params: Json) => Json;
  },
): Promise<ClaimOutcome> {
  const params = JSON.parse(JSON.stringify(input.params ?? null)) as Json;
  const timeoutMs = input.timeoutMs ?? IN_FLIGHT_TIMEOUT_MS;
  // A row can vanish between the insert and the read (its first request failed and freed it): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = randomUUID();
    const inserted = await db.query(
      `INSERT INTO http_idempotency_keys (user_id, key, route, params, state, claim_id, claimed_at, created_at)
       VALUES ($1, $2, $3, $4, 'in_flight', $5, $6, $6) ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [input.userId, input.key, input.route, JSON.stringify(params), claimId, input.now],
    );
    if (inserted.rows.length === 1)
      return { kind: 'claimed', claim: { userId: input.userId, key: input.key, claimId } };

    const { rows } = await db.query<KeyRow>(
      `SELECT route, params, state, claim_id, claimed_at, status_code, reply FROM http_idempotency_keys
       WHERE user_id = $1 AND key = $2`,
      [input.userId, input.key],
    );
    const stored = rows[0];
    if (!stored) continue;
    if (stored.route !== input.route) throw idempotencyMismatch('route');
    const compared = input.compared ?? ((p: Json) => p);
    const difference =
      input.compareParams === false ? null : firstDifference(compared(stored.params), compared(params));
    if (difference) throw idempotencyMismatch(difference);
    if (stored.state === 'done')
      return { kind: 'replay', statusCode: stored.status_code ?? 200, payload: stored.reply ?? 'null' };
    if (input.now.getTime() - new Date(stored.claimed_at).getTime() < timeoutMs) throw inFlight();
    // A stale claim: take it over, unless another request just did (then that one is in flight).
    const taken = await db.query(
      `UPDATE http_idempotency_keys SET claim_id = $3, claimed_at = $4
       WHERE user_id = $1 AND key = $2 AND state = 'in_flight' AND claim_id = $5 RETURNING key`,
      [input.userId, input.key, claimId, input.now, stored.claim_id],
    );
    if (taken.rows.length === 1) return { kind: 'claimed', claim: { userId: input.userId, key: input.key, claimId } };
    throw inFlight();
  }
  throw inFlight();
}

/** The request succeeded: keep its reply for the duplicates to come. Only while this request still holds the claim. */
export async function completeHttpKey(
  db: Queryable,
  claim: Claim,
  reply: { statusCode: number; payload: string; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE http_idempotency_keys SET state = 'done', status_code = $4, reply = $5, completed_at = $6
     WHERE user_id = $1 AND key = $2 AND claim_id = $3 AND state = 'in_flight'`,
    [claim.userId, claim.key, claim.claimId, reply.statusCode, reply.payload, reply.now],
  );
}

/** The request failed (or its route keeps no reply: single flight): free the key, so that a retry is judged afresh. */
export async function releaseHttpKey(db: Queryable, claim: Claim): Promise<void> {
  await db.query(
    `DELETE FROM http_idempotency_keys WHERE user_id = $1 AND key = $2 AND claim_id = $3 AND state = 'in_flight'`,
    [claim.userId, claim.key, claim.claimId],
  );
}

/** The cleanup job's part: keys created before `before`. Returns how many went. */
export async function deleteHttpKeysBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM http_idempotency_keys WHERE created_at < $1', [before]);
  return rowCount;
}

/** The ledger's replay rows created before `before` (the transaction and hold keys stay unique: decision 018). */
export async function deleteLedgerReplayRowsBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM ledger_idempotency WHERE created_at < $1', [before]);
  return rowCount;
}
