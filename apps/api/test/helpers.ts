import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { loadConfig, type Config, type Env } from '../src/config';
import type { Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { JobDefinition } from '../src/jobs/queue';
import type { Clock } from '../src/lib/clock';
import { startRuntime, type Runtime } from '../src/server';
import type { Providers } from '../src/services';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Which database this run of the integration suite uses: TEST_DB=postgres with TEST_DATABASE_URL, else PGlite. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A database of this file's own: a copy of the empty PGlite template, or the server's schemas wiped clean. */
export async function openTestDatabase(): Promise<Db> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const db = openPostgres(url, { max: 20, applicationName: 'rampart-test' });
    await db.exec('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;');
    return db;
  }
  const template = await readFile(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([template]) });
}

export function testConfig(env: Env = {}): Config {
  const base: Env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/rampart-test-unused' };
  if (testDatabaseKind() === 'postgres') base.DATABASE_URL = process.env.TEST_DATABASE_URL;
  return loadConfig({ ...base, ...env }, { version: '0.0.0-test', rootDir });
}

export interface TestApp extends Runtime {
  config: Config;
}

/**
 * The real app on a real database, as `npm start` builds it; close() releases everything. `clock` and `providers`
 * replace the system clock and any built-in provider in the one composition root (apps/api/src/services.ts).
 */
export async function createTestApp(
  options: { env?: Env; jobs?: JobDefinition[]; db?: Db; clock?: Clock; providers?: Partial<Providers> } = {},
): Promise<TestApp> {
  const config = testConfig({ RUN_WORKER: 'false', ...options.env });
  const db = options.db ?? (await openTestDatabase());
  const runtime = await startRuntime(config, {
    rootDir,
    db,
    logger: false,
    extraJobs: options.jobs ?? [],
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.providers ? { providers: options.providers } : {}),
  });
  return {
    ...runtime,
    config,
    async close() {
      await runtime.close();
      if (!options.db) await db.close();
    },
  };
}
