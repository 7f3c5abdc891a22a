/**
 * What the job queue holds right now, read from pg-boss's own tables (decision 036) for the metrics and the
 * health check. One statement, served by pg-boss's partial fetch index (name, start_after WHERE state < 'active'):
 * it reads only the waiting jobs, never the completed history.
 *
 * - ready: jobs whose time has come and that no worker took yet (the backlog the workers should be eating);
 * - delayed: jobs queued for later (an order's expiry, a settlement date, the next hourly clean-up): not a backlog;
 * - oldestAgeSeconds: how long the oldest ready job has been due (0 when none): a stuck or missing worker shows here.
 */
export interface QueueStats {
  queue: string;
  ready: number;
  delayed: number;
  oldestAgeSeconds: number;
}

export const QUEUE_STATS_SQL = `
  SELECT q.name AS queue,
         count(j.id) FILTER (WHERE j.start_after <= now())::int4 AS ready,
         count(j.id) FILTER (WHERE j.start_after > now())::int4 AS delayed,
         COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())), 0)::float8 AS oldest_age_seconds
  FROM pgboss.queue q
  LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
  GROUP BY q.name
  ORDER BY q.name`;

interface QueueStatsRow {
  queue: string;
  ready: number | string;
  delayed: number | string;
  oldest_age_seconds: number | string;
}

export function toQueueStats(rows: readonly unknown[]): QueueStats[] {
  return (rows as QueueStatsRow[]).map((r) => ({
    queue: r.queue,
    ready: Number(r.ready),
    delayed: Number(r.delayed),
    // Rounded to milliseconds: the clock of the database, not of this process.
    oldestAgeSeconds: Math.max(0, Math.round(Number(r.oldest_age_seconds) * 1000) / 1000),
  }));
}

/** Reads the stats through any SQL runner: the app's database, or the queue's own connection (pg-boss's `getDb()`). */
export async function readQueueStats(run: (sql: string) => Promise<{ rows: unknown[] }>): Promise<QueueStats[]> {
  return toQueueStats((await run(QUEUE_STATS_SQL)).rows);
}
