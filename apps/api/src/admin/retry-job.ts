import type PgBoss from 'pg-boss';
import type { Queryable } from '../db';
import { recordOperatorAction, type OperatorActionRow, type OperatorNote } from './audit';
import type { AdminContext } from './context';
import { notFound, refused, usageError } from './errors';
import { UUID } from './find-user';
import { fields, section, table } from './format';
import { failedJobs, findJob, retryingJobs, type JobView } from './job-rows';

/** `admin jobs`: the failed jobs still in the queue, newest failure first. */
export async function listFailedJobs(
  ctx: Pick<AdminContext, 'db'>,
  options: { limit: number; name?: string | undefined },
): Promise<JobView[]> {
  return failedJobs(ctx.db, options);
}

export function renderFailedJobs(jobs: JobView[]): string {
  return section(
    'Failed jobs',
    table(
      ['job id', 'name', 'attempts', 'failed at', 'error', 'data'],
      jobs.map((j) => [
        j.id,
        j.name,
        `${j.retryCount}/${j.retryLimit}`,
        j.completedOn,
        j.error,
        JSON.stringify(j.data),
      ]),
    ),
  );
}

/** `admin jobs --retrying`: jobs whose last attempt threw and that wait for their next one, soonest first. */
export async function listRetryingJobs(
  ctx: Pick<AdminContext, 'db'>,
  options: { limit: number; name?: string | undefined },
): Promise<JobView[]> {
  return retryingJobs(ctx.db, options);
}

export function renderRetryingJobs(jobs: JobView[]): string {
  return section(
    'Jobs waiting to be tried again',
    table(
      ['job id', 'name', 'attempts', 'next attempt', 'last error', 'data'],
      jobs.map((j) => [j.id, j.name, `${j.retryCount}/${j.retryLimit}`, j.startAfter, j.error, JSON.stringify(j.data)]),
    ),
  );
}

/**
 * pg-boss's own retry (state failed → retry, one more attempt allowed), run inside `tx` through its `db` option so
 * it commits with the operator's record. Its statement is a single parameterised one, so the transaction's query
 * runs it on both drivers. True when the job was failed and is queued again.
 */
async function requeue(boss: PgBoss, tx: Queryable, name: string, id: string): Promise<boolean> {
  const db: PgBoss.Db = { executeSql: async (text, values) => ({ rows: (await tx.query(text, values ?? [])).rows }) };
  // pg-boss 10 answers how many jobs it moved, although its types say void.
  const result = (await boss.retry(name, id, { db })) as unknown as { affected?: number } | undefined;
  return result?.affected === 1;
}

export interface RetryResult {
  job: JobView;
  /** Set when the failed job had been archived: the new job that carries its data (pg-boss cannot revive one). */
  sentAgainAs: string | null;
  action: OperatorActionRow;
}

/**
 * `admin retry-job` (R6): a failed job is put back in its queue with one more attempt (pg-boss's retry), in the same
 * transaction as the operator's record. pg-boss archives failed jobs with the completed ones (after 2 days) and has
 * no way back from its archive: a failed job found there is sent again as a new job of the same queue with the same
 * data. Job handlers are idempotent (every module's jobs re-read the state they act on), so a retried job does only
 * what is still to be done.
 */
export async function retryFailedJob(
  ctx: Pick<AdminContext, 'db' | 'clock' | 'jobs'>,
  jobId: string,
  note: OperatorNote,
): Promise<RetryResult> {
  const id = jobId.trim().toLowerCase();
  if (!UUID.test(id)) throw usageError(`"${jobId}" is not a job id (a uuid, as listed by: admin jobs)`);
  return ctx.db.transaction(async (tx) => {
    const job = await findJob(tx, id, { forUpdate: true });
    if (!job) throw notFound(`No job with id ${id}`);
    if (job.state !== 'failed')
      throw refused(
        `Job ${id} (${job.name}) is ${job.state}${job.archived ? ' (archived)' : ''}: only a failed job can be retried`,
      );
    let sentAgainAs: string | null = null;
    if (job.archived) {
      sentAgainAs = await sendAgain(ctx, tx, job);
    } else if (!(await requeue(ctx.jobs.boss, tx, job.name, id))) {
      throw refused(`Job ${id} (${job.name}) could not be put back in its queue`);
    }
    const action = await recordOperatorAction(tx, {
      note,
      action: 'job_retry',
      subject: id,
      details: {
        name: job.name,
        attempts: job.retryCount,
        error: job.error,
        data: job.data,
        ...(sentAgainAs ? { archived: true, sentAgainAs } : {}),
      },
      now: ctx.clock.now(),
    });
    return { job, sentAgainAs, action };
  });
}

async function sendAgain(ctx: Pick<AdminContext, 'jobs'>, tx: Queryable, job: JobView): Promise<string> {
  const data = typeof job.data === 'object' && job.data !== null ? job.data : {};
  let newId: string | null;
  try {
    newId = await ctx.jobs.send(job.name, data, { tx });
  } catch (error) {
    throw refused(
      `Job ${job.id} (${job.name}) was archived and cannot be sent again: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!newId)
    throw refused(
      `Job ${job.id} (${job.name}) was archived, and a job of its queue with the same key is already waiting: nothing to send`,
    );
  return newId;
}

export function renderRetryResult(r: RetryResult): string {
  const what = r.sentAgainAs
    ? `Job ${r.job.id} (${r.job.name}) had been archived: it is sent again as job ${r.sentAgainAs} with the same data.`
    : `Job ${r.job.id} (${r.job.name}) is back in its queue for one more attempt.`;
  return [
    `${what} The running app or worker runs it next (on the embedded database, when the app starts).`,
    fields([
      ['last error', r.job.error],
      ['recorded as', `operator action #${r.action.id}`],
      ['by', r.action.operator],
      ['reason', r.action.reason],
    ]),
  ].join('\n');
}
