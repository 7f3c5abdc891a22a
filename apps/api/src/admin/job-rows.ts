import type { Queryable } from '../db';

/**
 * Reading pg-boss's tables (schema pgboss) for the operator: its `job` table (live jobs, failed ones included until
 * pg-boss archives them) and its `archive`. Read-only; changes go through the queue (JobQueue.retry).
 */
export interface JobView {
  id: string;
  name: string;
  state: string;
  retryCount: number;
  retryLimit: number;
  createdOn: string;
  startAfter: string | null;
  startedOn: string | null;
  completedOn: string | null;
  /** The last error of a failed attempt (pg-boss keeps the thrown error's message in `output`). */
  error: string | null;
  data: unknown;
  archived: boolean;
}

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  start_after: Date | null;
  started_on: Date | null;
  completed_on: Date | null;
  error: string | null;
  data: unknown;
  archived: boolean;
  [key: string]: unknown;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const COLUMNS = `id::text AS id, name, state::text AS state, retry_count, retry_limit, created_on, start_after, started_on, completed_on,
  CASE WHEN jsonb_typeof(output) = 'object' THEN output->>'message' END AS error, data`;

function toView(r: JobRow): JobView {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    retryCount: Number(r.retry_count),
    retryLimit: Number(r.retry_limit),
    createdOn: new Date(r.created_on).toISOString(),
    startAfter: iso(r.start_after),
    startedOn: iso(r.started_on),
    completedOn: iso(r.completed_on),
    error: r.error,
    data: r.data,
    archived: r.archived === true,
  };
}

/** Live and archived jobs whose data matches any of `match` (e.g. { orderId }), oldest first. */
export async function jobsWithData(db: Queryable, match: Record<string, string>[]): Promise<JobView[]> {
  if (match.length === 0) return [];
  const params = match.map((m) => JSON.stringify(m));
  const where = params.map((_, i) => `data @> $${i + 1}::jsonb`).join(' OR ');
  const { rows } = await db.query<JobRow>(
    `SELECT * FROM (
       SELECT ${COLUMNS}, false AS archived FROM pgboss.job WHERE ${where}
       UNION ALL
       SELECT ${COLUMNS}, true AS archived FROM pgboss.archive WHERE ${where}
     ) j ORDER BY created_on, id`,
    params,
  );
  return rows.map(toView);
}

/** Jobs still in the queue in one pg-boss state, in that state's order; one queue when `name` is given. */
async function queuedJobs(
  db: Queryable,
  state: 'failed' | 'retry',
  options: { limit: number; name?: string | undefined },
): Promise<JobView[]> {
  const params: unknown[] = [options.limit];
  if (options.name) params.push(options.name);
  const order = state === 'failed' ? 'completed_on DESC NULLS LAST, id DESC' : 'start_after, id';
  const { rows } = await db.query<JobRow>(
    `SELECT ${COLUMNS}, false AS archived FROM pgboss.job
     WHERE state = '${state}'${options.name ? ' AND name = $2' : ''}
     ORDER BY ${order} LIMIT $1`,
    params,
  );
  return rows.map(toView);
}

/** Failed jobs still in the queue (retryable), newest failure first; one queue when `name` is given. */
export function failedJobs(db: Queryable, options: { limit: number; name?: string | undefined }): Promise<JobView[]> {
  return queuedJobs(db, 'failed', options);
}

/** Jobs in pg-boss's retry state (an attempt threw, the next is scheduled with back-off), next attempt first. */
export function retryingJobs(db: Queryable, options: { limit: number; name?: string | undefined }): Promise<JobView[]> {
  return queuedJobs(db, 'retry', options);
}

/** One job by id, live or archived; `forUpdate` locks a live one (the archive is never changed). */
export async function findJob(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<JobView | null> {
  const live = await db.query<JobRow>(
    `SELECT ${COLUMNS}, false AS archived FROM pgboss.job WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (live.rows[0]) return toView(live.rows[0]);
  const archived = await db.query<JobRow>(`SELECT ${COLUMNS}, true AS archived FROM pgboss.archive WHERE id = $1`, [
    id,
  ]);
  return archived.rows[0] ? toView(archived.rows[0]) : null;
}
