import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './types';

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any fixed number: every instance that migrates at once takes this lock, so one migrates and the rest wait.
const MIGRATION_LOCK_KEY = 724_113_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file ${file} must be named NNNN_name.sql`);
    migrations.push({ version: Number(match[1]), name: match[2]!, sql: await readFile(path.join(dir, file), 'utf8') });
  }
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('Two migrations share a version number');
  return migrations;
}

/** Applies the pending migrations in order, all in one transaction, so a failure leaves the schema as it was. */
export async function migrate(db: Db, migrations: Migration[]): Promise<{ applied: string[] }> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => Number(r.version)));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
    }
    return { applied };
  });
}
