import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db';
import { migrate, readMigrations } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { createJobQueue, type JobDefinition, type JobQueue } from './jobs/queue';
import { jobDefinitions } from './jobs/registry';
import { startWorkLoop, type WorkLoop } from './jobs/work-loop';
import { systemClock, type Clock } from './lib/clock';
import { openSharedLimits, type SharedLimits } from './lib/shared-limits';
import { createProviders, createServices, type Providers, type Services } from './services';

export interface Runtime {
  app: FastifyInstance;
  db: Db;
  jobs: JobQueue;
  /** The providers and module contexts the app, its jobs and its worker loop run on (decision 076). */
  services: Services;
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

/**
 * Opens everything the process needs, in order, and closes it in reverse. The one `Services` (services.ts) is built
 * here and given to the job list, the app and the worker loop; tests replace the clock and any provider.
 */
export async function startRuntime(
  config: Config,
  options: {
    rootDir: string;
    db?: Db;
    logger?: boolean;
    extraJobs?: JobDefinition[];
    clock?: Clock;
    providers?: Partial<Providers>;
  },
): Promise<Runtime> {
  const db = options.db ?? (await openDatabase(config.database));
  // The app (and its logger) needs the services, so the queue, the providers and Redis log through their own pino.
  const bootLogger = pino({ level: config.logLevel });
  let app: FastifyInstance | undefined;
  let jobs: JobQueue | undefined;
  let shared: SharedLimits | undefined;
  let providers: Providers | undefined;
  let loop: WorkLoop | undefined;
  try {
    const applied = await prepareDatabase(db, options.rootDir);
    const queue = await createJobQueue(db, config, bootLogger);
    jobs = queue;
    // Decision 037: with REDIS_URL the request limits and lockouts are shared by all instances (an unreachable Redis stops the start).
    shared = await openSharedLimits(config, bootLogger);
    providers = await createProviders(config, db, bootLogger, options.providers);
    const services = await createServices({
      config,
      db,
      jobs: queue,
      clock: options.clock ?? systemClock,
      providers,
      sharedLimits: shared,
    });
    for (const definition of [...jobDefinitions(services), ...(options.extraJobs ?? [])]) {
      await queue.register(definition);
    }
    app = await buildApp(services, options.logger === false ? { logger: false } : {});
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    // The same worker loop as `npm run worker` (decision 053): the queue and the sweeps of due work.
    if (config.runWorker) loop = await startWorkLoop(services, app.log);
    const ready = { app, jobs: queue, loop, shared, services };
    return {
      app: ready.app,
      db,
      jobs: ready.jobs,
      services: ready.services,
      async close() {
        await ready.app.close();
        await ready.shared.close();
        await ready.loop?.stop();
        await ready.jobs.stop();
        await ready.services.providers.mailer.close?.();
        if (!options.db) await db.close();
      },
    };
  } catch (error) {
    await loop?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await shared?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await providers?.mailer.close?.().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }
}
