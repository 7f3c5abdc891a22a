import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db';
import { migrate, readMigrations } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { createJobQueue, type JobDefinition, type JobQueue } from './jobs/queue';
import { createProviders, jobDefinitions } from './jobs/registry';
import { startWorkLoop, type WorkLoop } from './jobs/work-loop';
import { systemClock, type Clock } from './lib/clock';

export interface Runtime {
  app: FastifyInstance;
  db: Db;
  jobs: JobQueue;
  close(): Promise<void>;
}

export function migrationsDir(rootDir: string): string {
  return path.join(rootDir, 'apps', 'api', 'migrations');
}

/** Brings the database to the current schema and reference data; safe to run on every start. */
export async function prepareDatabase(db: Db, rootDir: string): Promise<string[]> {
  const { applied } = await migrate(db, await readMigrations(migrationsDir(rootDir)));
  await seedReferenceData(db);
  return applied;
}

/** Opens everything the process needs, in order, and closes it in reverse. */
export async function startRuntime(
  config: Config,
  options: { rootDir: string; db?: Db; logger?: boolean; extraJobs?: JobDefinition[]; clock?: Clock },
): Promise<Runtime> {
  const db = options.db ?? (await openDatabase(config.database));
  // The app (and its logger) needs the queue, so the queue and the providers log through their own pino.
  const bootLogger = pino({ level: config.logLevel });
  const providers = createProviders(config, bootLogger);
  let app: FastifyInstance | undefined;
  let jobs: JobQueue | undefined;
  let loop: WorkLoop | undefined;
  try {
    const applied = await prepareDatabase(db, options.rootDir);
    const queue = await createJobQueue(db, config, bootLogger);
    jobs = queue;
    const clock = options.clock ?? systemClock;
    for (const definition of [
      ...jobDefinitions({ db, clock, jobs: queue, config, ...providers }),
      ...(options.extraJobs ?? []),
    ]) {
      await jobs.register(definition);
    }
    app = await buildApp(
      { config, db, jobs, clock, custodian: providers.custodian },
      options.logger === false ? { logger: false } : {},
    );
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    // The same worker loop as `npm run worker` (decision 053): the queue and the sweeps of due work.
    if (config.runWorker) loop = await startWorkLoop({ db, clock, jobs, config, logger: app.log });
  } catch (error) {
    await loop?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await providers.mailer.close?.().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }
  const ready = { app, jobs, loop, mailer: providers.mailer };
  return {
    app: ready.app,
    db,
    jobs: ready.jobs,
    async close() {
      await ready.app.close();
      await ready.loop?.stop();
      await ready.jobs.stop();
      await ready.mailer.close?.();
      if (!options.db) await db.close();
    },
  };
}
