import type { Db } from '../db';
import type { Clock } from '../lib/clock';
import { KEY_LIFETIME_MS, deleteHttpKeysBefore, deleteLedgerReplayRowsBefore } from '../lib/idempotency';
import type { JobDefinition } from './queue';

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';
/** Keys live 24 hours (decision 018) and at most one more hour: the job runs hourly. */
export const IDEMPOTENCY_CLEANUP_EVERY_SECONDS = 3600;

/**
 * Deletes the idempotency records older than 24 hours (decision 018): the HTTP keys, and the ledger's replay rows
 * (ledger_idempotency). The ledger's transaction and hold keys stay, unique for ever: a key replayed after its
 * replay row went is judged afresh and refused (422 idempotency_error) instead of moving money a second time.
 */
export async function cleanUpIdempotencyKeys(deps: {
  db: Db;
  clock: Clock;
}): Promise<{ httpKeys: number; ledgerReplays: number }> {
  const before = new Date(deps.clock.now().getTime() - KEY_LIFETIME_MS);
  const httpKeys = await deleteHttpKeysBefore(deps.db, before);
  const ledgerReplays = await deleteLedgerReplayRowsBefore(deps.db, before);
  return { httpKeys, ledgerReplays };
}

export function idempotencyCleanupJobs(deps: { db: Db; clock: Clock }): JobDefinition[] {
  return [
    {
      name: IDEMPOTENCY_CLEANUP_JOB,
      repeatEverySeconds: IDEMPOTENCY_CLEANUP_EVERY_SECONDS,
      retryLimit: 3,
      async handle(_data, { logger }) {
        const deleted = await cleanUpIdempotencyKeys(deps);
        logger.info(deleted, 'idempotency keys older than 24 hours deleted');
      },
    },
  ];
}
