import type { HealthcheckResponse } from '@rampart/contracts';
import type { Db } from '../../db';
import { readQueueStats } from '../../jobs/queue-stats';

const HEALTH_TIMEOUT_MS = 2000;

/** Runs a probe with a deadline; the time it took, and its result or null when it failed or timed out. */
async function probe<T>(run: () => Promise<T>): Promise<{ value: T | null; latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return { value, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { value: null, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The database and the job queue. The queue is asked through its own connection (pg-boss's pool on a
 * PostgreSQL server), so a queue that lost its connections shows even while the app's pool is fine. Either one
 * unreachable is 'degraded' (503). A long backlog is reported, not judged: taking every instance out of a load
 * balancer because the workers are behind would make things worse (decision 036).
 */
export async function checkHealth(
  db: Db,
  queueSql: (sql: string) => Promise<{ rows: unknown[] }>,
  version: string,
): Promise<HealthcheckResponse> {
  const [database, queue] = await Promise.all([
    probe(async () => {
      await db.query('SELECT 1');
      return true;
    }),
    probe(() => readQueueStats(queueSql)),
  ]);
  const stats = queue.value;
  const reachable = database.value === true;
  return {
    status: reachable && stats !== null ? 'ok' : 'degraded',
    database: { reachable, kind: db.kind === 'pglite' ? 'pglite' : 'postgres', latencyMs: database.latencyMs },
    queue: {
      reachable: stats !== null,
      depth: stats ? stats.reduce((sum, q) => sum + q.ready, 0) : null,
      oldestAgeSeconds: stats ? stats.reduce((max, q) => Math.max(max, q.oldestAgeSeconds), 0) : null,
      latencyMs: queue.latencyMs,
    },
    version,
  };
}
