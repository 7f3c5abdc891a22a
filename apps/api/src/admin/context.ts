import pino from 'pino';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { jobDefinitions } from '../jobs/registry';
import { systemClock, type Clock } from '../lib/clock';
import type { HotWalletBalance } from '../providers/chain-gateway/evm';
import { prepareDatabase } from '../server';
import { createProviders, createServices, type Providers, type Services } from '../services';

/** What the operator commands work with: the app's database and job queue, the clock, the settings jobs need. */
export interface AdminContext {
  db: Db;
  /** Used to enqueue (the follow-up of a decision) and to retry; the admin process never works jobs itself. */
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'idvReviewDelaySeconds'>;
  /** The EVM gateway's hot wallets (decision 085); null when no EVM network is configured. */
  hotWallets: { balances(): Promise<HotWalletBalance[]> } | null;
}

/**
 * Opens the database the API uses (the same configuration: DATA_DIR's PGlite or DATABASE_URL), brings it to the
 * current schema as every process does at start, and registers the API's job list so a decision can enqueue what
 * follows it in its own transaction. On the embedded database this fails with DataDirInUseError while the app runs.
 */
export async function openAdminContext(
  config: Config,
  rootDir: string,
  overrides: { providers?: Partial<Providers> } = {},
): Promise<
  AdminContext & {
    /** The providers and module contexts its job list was built from: the same composition root as the API's. */
    services: Services;
    close(): Promise<void>;
  }
> {
  // Logs go to stderr: stdout carries the command's answer (and --json must stay parseable).
  const logger = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, pino.destination(2));
  const db = await openDatabase(config.database);
  let jobs: JobQueue | undefined;
  let providers: Providers | undefined;
  try {
    await prepareDatabase(db, rootDir);
    // supervise off: maintenance (expiry, archiving) is the app's and the worker's business, not a short command's.
    jobs = await createJobQueue(db, config, logger, { supervise: false });
    const queue = jobs;
    // The nodes are not checked here: a command must run (hot-wallets, jobs) while a chain's node is down.
    providers = await createProviders(config, db, logger, overrides.providers, { verifyChains: false });
    const mailer = providers.mailer;
    const services = await createServices({ config, db, jobs: queue, clock: systemClock, providers });
    for (const definition of jobDefinitions(services)) await queue.register(definition);
    return {
      db,
      jobs: queue,
      clock: services.clock,
      config,
      hotWallets: providers.evmGateway,
      services,
      async close() {
        await queue.stop();
        await mailer.close?.();
        await db.close();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await providers?.mailer.close?.().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
