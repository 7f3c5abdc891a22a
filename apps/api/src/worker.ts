import pino from 'pino';
import { ChangedMigrationError } from './db/migrate';
import { loadProcessConfig } from './process-config';
import { openDatabase } from './db';
import { createJobQueue } from './jobs/queue';
import { jobDefinitions } from './jobs/registry';
import { systemClock } from './lib/clock';
import { startWorkLoop } from './jobs/work-loop';
import { prepareDatabase } from './server';
import { createProviders, createServices } from './services';

/**
 * `npm run worker`: a process that only works the durable job queue (settlements, mail, KYC decisions), no HTTP.
 * It brings the database to the current schema, registers the same job list as the API and runs the same worker loop
 * (jobs/work-loop.ts): every queue worked, due transfers and orders swept when it starts and every
 * WORKER_SWEEP_SECONDS (a job claimed by a worker that was killed comes back only when the queue expires it; the sweep
 * does not wait for that). SIGTERM and SIGINT stop it gracefully: no new job
 * is taken, the running ones finish. Run it beside API processes started with RUN_WORKER=false, on PostgreSQL
 * (DATABASE_URL); it refuses the embedded PGlite, which is one process's database (there the API works the jobs).
 */
async function main(): Promise<void> {
  const { config, version, rootDir } = loadProcessConfig();
  if (config.database.kind !== 'postgres') {
    // Two processes on one PGlite data folder would corrupt it: there the API process works the jobs (RUN_WORKER).
    process.stderr.write(
      'The worker needs PostgreSQL (set DATABASE_URL). With the embedded database, `npm start` works the jobs itself.\n',
    );
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel });
  const db = await openDatabase(config.database);
  const applied = await prepareDatabase(db, rootDir);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const jobs = await createJobQueue(db, config, logger);
  // The same composition root as the API's (decision 076): the jobs run on the same providers and contexts.
  const providers = await createProviders(config, db, logger);
  const services = await createServices({ config, db, jobs, clock: systemClock, providers });
  for (const definition of jobDefinitions(services)) await jobs.register(definition);
  // The one worker loop, the same as an API's that works its own jobs (decision 053).
  const loop = await startWorkLoop(services, logger);
  // In production stdout is the log, JSON lines only (decision 068); elsewhere a sentence for whoever started it.
  const started = `Rampart worker ${version} is working the job queue (database: ${config.database.kind})`;
  if (config.env === 'production') logger.info({ version, database: config.database.kind }, started);
  else process.stdout.write(`${started}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    loop
      .stop()
      .then(() => jobs.stop())
      .then(() => providers.mailer.close?.())
      .then(() => db.close())
      .then(() => {
        logger.info({ signal }, 'worker stopped: running jobs finished, job queue stopped, database closed');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'worker shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A changed migration is the operator's to fix, not a crash: its message alone (decision 068).
  const text =
    error instanceof ChangedMigrationError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Rampart worker failed to start: ${text}\n`);
  process.exit(1);
});
