import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { firstDifference, idempotencyMismatch, type Json } from '../../lib/idempotency';
import { idempotencyKeyExpired } from './errors';

export type LedgerCommand = 'post' | 'hold' | 'release' | 'capture';

const MAX_KEY_LENGTH = 255;

export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw AppError.validation({ idempotencyKey: `The idempotency key must be 1 to ${MAX_KEY_LENGTH} characters` });
  }
  return key;
}

/**
 * Claims an idempotency key for a command inside the caller's transaction. A fresh key is claimed (the command
 * runs, then `storeResult`). A known key gives back the stored result when the command and parameters match, and
 * throws 422 idempotency_error naming the first differing field when they do not. A concurrent holder of the same
 * key makes this wait until it commits (then the stored result comes back) or rolls back (then this one claims it).
 */
export async function claimKey(
  tx: Queryable,
  key: string,
  command: LedgerCommand,
  params: Json,
): Promise<{ claimed: true } | { claimed: false; result: Json }> {
  // `used`: the key already names a transaction or hold although its replay row is gone (the cleanup job deletes
  // replay rows after 24 hours, decision 018). The key stays unique there, so the command could never be written
  // again; refuse it as a key reused rather than fail on the unique constraint.
  const inserted = await tx.query<{ used: boolean }>(
    `INSERT INTO ledger_idempotency (key, command, params, result) VALUES ($1, $2, $3, 'null'::jsonb)
     ON CONFLICT (key) DO NOTHING
     RETURNING EXISTS (SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1)
            OR EXISTS (SELECT 1 FROM ledger_holds WHERE idempotency_key = $1) AS used`,
    [key, command, JSON.stringify(params)],
  );
  if (inserted.rows.length === 1) {
    if (inserted.rows[0]?.used) throw idempotencyKeyExpired();
    return { claimed: true };
  }
  const { rows } = await tx.query<{ command: string; params: Json; result: Json }>(
    'SELECT command, params, result FROM ledger_idempotency WHERE key = $1',
    [key],
  );
  const stored = rows[0];
  if (!stored) throw new Error(`Idempotency key ${key} vanished`);
  if (stored.command !== command) throw idempotencyMismatch('command');
  // Round-trip ours through JSON so that both sides compare as jsonb gave them back.
  const difference = firstDifference(stored.params, JSON.parse(JSON.stringify(params)) as Json);
  if (difference) throw idempotencyMismatch(difference);
  return { claimed: false, result: stored.result };
}

export async function storeResult(tx: Queryable, key: string, result: Json): Promise<void> {
  await tx.query('UPDATE ledger_idempotency SET result = $2 WHERE key = $1', [key, JSON.stringify(result)]);
}
