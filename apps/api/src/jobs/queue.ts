import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';

/**
 * The durable job queue: pg-boss in the same PostgreSQL as the data (docs/design-brief.md, section 1), so a
 * job can be enqueued in the same transaction as the state change that needs it, and any number of
 * workers can claim jobs (FOR UPDATE SKIP LOCKED). On PGlite pg-boss runs through its `db` option:
 * parameterless (multi-statement) SQL goes to `exec`, the rest to `query` (docs/decisions/002).
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Handles one job; a throw makes pg-boss retry it with back-off up to `retryLimit` times. */
  handle(data: T, context: { jobId: string; logger: FastifyBaseLogger }): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  batchSize?: number;
  /**
   * A recurring job (decision 018): registering it makes sure one run is queued, and each run first queues the next
   * one this many seconds later. The queue's `stately` policy keeps at most one queued run per state, however many
   * processes register it or how often a run is retried, so the chain never multiplies (scheduling stays off).
   */
  repeatEverySeconds?: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  tx?: Queryable;
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface JobQueue {
  register(definition: JobDefinition): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Starts working every registered queue in this process. */
  startWorking(options?: { pollingIntervalSeconds?: number }): Promise<void>;
  depth(name: string): Promise<number>;
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

function executorFor(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (!values || values.length === 0) {
        // May hold several statements (pg-boss's schema set-up): only the simple protocol accepts that.
        if (/;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
          await q.exec(text);
          return { rows: [] };
        }
      }
      const result = await q.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}

/**
 * Instances starting together on a new database create the same queues at once; pg-boss makes each queue a partition
 * of its job table, and two of those DDL statements can deadlock (40P01, seen with two API processes starting). The
 * statement is atomic and a queue that exists is left alone, so trying again after a short random pause is safe.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
    }
  }
}

export async function createJobQueue(
  db: Db,
  config: Pick<Config, 'database'>,
  logger: FastifyBaseLogger,
  options: { supervise?: boolean } = {},
): Promise<JobQueue> {
  const common = {
    schema: 'pgboss',
    schedule: false,
    supervise: options.supervise ?? true,
    migrate: true,
    // Completed jobs are kept two days for support questions, then archived by pg-boss.
    archiveCompletedAfterSeconds: 2 * 24 * 3600,
  };
  const boss =
    config.database.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: config.database.url, max: 4, application_name: 'rampart-jobs' })
      : new PgBoss({ ...common, db: executorFor(db) });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const definitions = new Map<string, JobDefinition>();

  return {
    boss,
    async register(definition) {
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is registered twice`);
      definitions.set(definition.name, definition);
      await retryOnDeadlock(() =>
        boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          ...(definition.repeatEverySeconds ? { policy: 'stately' as const } : {}),
        }),
      );
      // Null when a run is already queued: the chain goes on as it was.
      if (definition.repeatEverySeconds) await boss.send(definition.name, {}, { singletonKey: definition.name });
    },
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Job ${name} is not registered`);
      return boss.send(name, data, {
        ...(sendOptions.tx ? { db: executorFor(sendOptions.tx) } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter !== undefined
          ? {
              startAfter:
                sendOptions.startAfter instanceof Date ? sendOptions.startAfter : new Date(sendOptions.startAfter),
            }
          : {}),
      });
    },
    async startWorking(workOptions = {}) {
      for (const definition of definitions.values()) {
        let workerId: string | null = null;
        workerId = await boss.work<object>(
          definition.name,
          { batchSize: definition.batchSize ?? 1, pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 1 },
          async (jobs) => {
            for (const job of jobs) {
              const jobLogger = logger.child({ job: definition.name, jobId: job.id });
              if (definition.repeatEverySeconds) {
                // Queued before the work, so a run that fails for good still leaves the next one.
                await boss.send(
                  definition.name,
                  {},
                  {
                    singletonKey: definition.name,
                    startAfter: new Date(Date.now() + definition.repeatEverySeconds * 1000),
                  },
                );
              }
              await definition.handle(job.data, { jobId: job.id, logger: jobLogger });
            }
            // pg-boss waits a whole polling interval after every batch, which held each queue to one batch a second
            // per process (a backlog of 800 mails took minutes; decision 039). Done without error, fetch again at
            // once: the queue is drained at the speed of its jobs, and polled only when it is empty.
            if (workerId) boss.notifyWorker(workerId);
          },
        );
      }
    },
    depth(name) {
      return boss.getQueueSize(name);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
