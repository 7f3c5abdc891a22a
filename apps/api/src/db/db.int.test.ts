import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RESTRICTED_COUNTRIES, RESTRICTED_US_STATES } from '@rampart/contracts';
import { openTestDatabase, rootDir } from '../../test/helpers';
import { ChangedMigrationError, migrate, migrationChecksum, readMigrations } from './migrate';
import { prepareDatabase } from '../server';
import type { Db } from './types';

describe('the query layer, migrations and reference data', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    await prepareDatabase(db, rootDir);
    await db.exec('CREATE TABLE t_items (id bigint PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('returns int8 as bigint, beyond the range of a float', async () => {
    const { rows } = await db.query<{ big: bigint }>('SELECT $1::int8 AS big', ['9007199254740993']);
    expect(rows[0]?.big).toBe(9007199254740993n);
  });

  it('commits a transaction and reports affected rows', async () => {
    const count = await db.transaction(async (tx) => {
      const r = await tx.query('INSERT INTO t_items (id, label) VALUES (1, $1), (2, $2)', ['a', 'b']);
      return r.rowCount;
    });
    expect(count).toBe(2);
    const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM t_items');
    expect(rows[0]?.n).toBe(2n);
  });

  it('rolls back everything when the transaction throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_items (id, label) VALUES (10, $1)', ['gone']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.query('SELECT 1 FROM t_items WHERE id = 10');
    expect(rows).toHaveLength(0);
  });

  it('keeps a transaction isolated from others until it commits', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.query('UPDATE t_items SET label = $1 WHERE id = 1', ['changed']);
      await gate;
    });
    // On a server the reader sees the committed value; on PGlite it waits for the writer. Either way it
    // never sees the uncommitted 'changed'.
    const reader = db.query<{ label: string }>('SELECT label FROM t_items WHERE id = 1');
    const raced = await Promise.race([reader, new Promise((r) => setTimeout(() => r('waiting'), 100))]);
    if (raced !== 'waiting') expect((raced as { rows: Array<{ label: string }> }).rows[0]?.label).toBe('a');
    release();
    await writer;
    await reader;
    const after = await db.query<{ label: string }>('SELECT label FROM t_items WHERE id = 1');
    expect(after.rows[0]?.label).toBe('changed');
  });

  it('retries a serializable transaction that PostgreSQL asks to retry', async () => {
    let attempts = 0;
    const result = await db.transaction(
      async (tx) => {
        attempts += 1;
        await tx.query('SELECT 1');
        if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        return 'done';
      },
      { isolation: 'serializable' },
    );
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });

  it('records applied migrations and applies nothing twice', async () => {
    const { rows } = await db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => `${r.version}:${r.name}`)).toContain('1:foundation');
    const again = await migrate(db, await readMigrations(path.join(rootDir, 'apps/api/migrations')));
    expect(again.applied).toEqual([]);
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-migrations-'));
    await writeFile(path.join(dir, '0900_first.sql'), 'CREATE TABLE t_half (id int);');
    await writeFile(path.join(dir, '0901_broken.sql'), 'CREATE TABLE t_broken (id int;');
    await expect(migrate(db, await readMigrations(dir))).rejects.toThrow();
    const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 't_half'");
    expect(rows).toHaveLength(0);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a checksum per applied migration and refuses to start when an applied file changed, naming it (decision 068)', async () => {
    const { rows: real } = await db.query<{ version: number; checksum: string | null }>(
      'SELECT version, checksum FROM schema_migrations WHERE version = 1',
    );
    const foundation = (await readMigrations(path.join(rootDir, 'apps/api/migrations')))[0]!;
    expect(real[0]?.checksum).toBe(foundation.checksum);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-migrations-'));
    await writeFile(path.join(dir, '0910_kept.sql'), 'CREATE TABLE t_kept\n(id int);\n');
    expect((await migrate(db, await readMigrations(dir))).applied).toEqual(['0910_kept']);
    // The same text with Windows line endings is the same migration.
    await writeFile(path.join(dir, '0910_kept.sql'), 'CREATE TABLE t_kept\r\n(id int);\r\n');
    expect((await migrate(db, await readMigrations(dir))).applied).toEqual([]);

    // Someone edits the applied file and adds a new one: nothing is applied, and the message names the file.
    await writeFile(path.join(dir, '0910_kept.sql'), 'CREATE TABLE t_kept (id int, extra text);');
    await writeFile(path.join(dir, '0911_next.sql'), 'CREATE TABLE t_next (id int);');
    const attempt = migrate(db, await readMigrations(dir));
    await expect(attempt).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(attempt).rejects.toThrow(/0910_kept\.sql/);
    const { rows: next } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 't_next'");
    expect(next).toHaveLength(0);
    await expect(prepareDatabase(db, rootDir)).resolves.toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it('takes the checksum of migrations applied before checksums were kept, then holds the file to it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-migrations-'));
    await writeFile(path.join(dir, '0920_old.sql'), 'CREATE TABLE t_old (id int);');
    await migrate(db, await readMigrations(dir));
    await db.query('UPDATE schema_migrations SET checksum = NULL WHERE version = 920');
    expect((await migrate(db, await readMigrations(dir))).applied).toEqual([]);
    const { rows } = await db.query<{ checksum: string | null }>(
      'SELECT checksum FROM schema_migrations WHERE version = 920',
    );
    expect(rows[0]?.checksum).toBe(migrationChecksum('CREATE TABLE t_old (id int);'));
    await writeFile(path.join(dir, '0920_old.sql'), 'CREATE TABLE t_old (id bigint);');
    await expect(migrate(db, await readMigrations(dir))).rejects.toThrow(/0920_old\.sql/);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a badly named migration file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-migrations-'));
    await writeFile(path.join(dir, 'add-things.sql'), 'SELECT 1;');
    await expect(readMigrations(dir)).rejects.toThrow(/NNNN_name\.sql/);
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds the restricted jurisdictions of document 2, idempotently', async () => {
    await prepareDatabase(db, rootDir);
    const { rows } = await db.query<{ country_code: string; region_code: string }>(
      'SELECT country_code, region_code FROM restricted_jurisdictions ORDER BY country_code, region_code',
    );
    const countries = rows.filter((r) => r.region_code === '').map((r) => r.country_code);
    const states = rows.filter((r) => r.region_code !== '').map((r) => r.region_code);
    expect(countries).toEqual([...RESTRICTED_COUNTRIES].sort());
    expect(states).toEqual([...RESTRICTED_US_STATES].sort());
  });
});
