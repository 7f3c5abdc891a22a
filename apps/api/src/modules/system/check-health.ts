import type { HealthcheckResponse } from '@rampart/contracts';
import type { Db } from '../../db';

const HEALTH_TIMEOUT_MS = 2000;

export async function checkHealth(db: Db, version: string): Promise<HealthcheckResponse> {
  const started = performance.now();
  let reachable = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database health check timed out')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    reachable = true;
  } catch {
    reachable = false;
  } finally {
    clearTimeout(timer);
  }
  return {
    status: reachable ? 'ok' : 'degraded',
    database: { reachable, kind: db.kind === 'pglite' ? 'pglite' : 'postgres', latencyMs: Math.round(performance.now() - started) },
    version,
  };
}
