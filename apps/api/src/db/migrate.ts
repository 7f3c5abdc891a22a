import { createHash } from 'node:crypto';
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
  /** SHA-256 of the file's text (line endings as \n, so a Windows checkout hashes the same). */
  checksum: string;
}

export function migrationFileName(m: Pick<Migration, 'version' | 'name'>): string {
  return `${String(m.version).padStart(4, '0')}_${m.name}.sql`;
}

export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** An applied migration's file no longer has the text that was applied (decision 068). */
export class ChangedMigrationError extends Error {
  constructor(readonly files: string[]) {
    super(
      `Applied migration${files.length > 1 ? 's' : ''} changed since applied to this database: ${files.join(', ')}. ` +
        'An applied migration must not change: restore the file (git checkout) and put the change in a new, higher-numbered migration.',
    );
    this.name = 'ChangedMigrationError';
  }
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file ${file} must be named NNNN_name.sql`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({ version: Number(match[1]), name: match[2]!, sql, checksum: migrationChecksum(sql) });
  }
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('Two migrations share a version number');
  return migrations;
}

/**
 * Applies the pending migrations in order, all in one transaction, so a failure leaves the schema as it was. Each
 * applied file's checksum is kept; when an applied file's text has changed since, nothing is applied and the process
 * refuses to start, naming the file (decision 068). Rows applied before checksums were kept take the file's checksum
 * the first time they are seen. A row without a file (a newer release's migration, during a roll back) is left alone.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<{ applied: string[] }> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    const { rows } = await tx.query<{ version: number; checksum: string | null }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((r) => [Number(r.version), r.checksum]));
    const changed = migrations.filter(
      (m) => done.has(m.version) && done.get(m.version) !== null && done.get(m.version) !== m.checksum,
    );
    if (changed.length > 0) throw new ChangedMigrationError(changed.map(migrationFileName));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) {
        if (done.get(m.version) === null)
          await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [m.version, m.checksum]);
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      applied.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
    }
    return { applied };
  });
}
