import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, rootDir, testDatabaseKind } from '../../test/helpers';
import { openDatabase, type Db } from '../db';
import { prepareDatabase } from '../server';

/**
 * The real command line (R6, decision 035): `apps/api/src/admin/cli.ts` in a process of its own, as `npm run admin`
 * runs it, on an embedded PGlite data folder or on the PostgreSQL test server, with the same configuration variables
 * as the API. It reads and changes the database the app would use.
 */
describe('admin: the command line process', () => {
  const kind = testDatabaseKind();
  let dataDir: string;
  const email = `cli-${Date.now()}@example.com`;
  const guid = '7d7c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';

  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
  });

  function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(rootDir, 'apps/api/src/admin/cli.ts'), ...args],
        {
          cwd: rootDir,
          env: env(),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** The app's database as the app opens it (the embedded folder takes the process lock). */
  async function openAppDatabase(): Promise<Db> {
    if (kind === 'postgres') return openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' });
    return openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-admin-cli-'));
    if (kind === 'postgres') await (await openTestDatabase()).close(); // A clean server schema, as every suite starts.
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('freezes and unfreezes through the real process, records both, refuses a change without --reason; the embedded database is refused while another process holds it', async () => {
    const db = await openAppDatabase();
    try {
      await prepareDatabase(db, rootDir);
      const now = new Date();
      await db.query(
        `INSERT INTO users (id, email, password_hash, status, created_at, updated_at) VALUES ($1, $2, 'x', 'CONFIRMED', $3, $3)`,
        [guid, email, now],
      );
      await db.query(
        `INSERT INTO custodian_accounts (user_id, account_id, status, checks, signature, submitted_at, decided_at, created_at, updated_at)
         VALUES ($1, 'acct_cli', 'opened', '{}', 'Cli Tester', $2, $2, $2, $2)`,
        [guid, now],
      );
      if (kind === 'pglite') {
        // PGlite serves one process: with this process holding the folder, the command says so and stops.
        const busy = await cli('user', email);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toContain(`is in use by another process (pid ${process.pid}`);
        expect(busy.stderr).toContain('stop that process first');
        expect(busy.stdout).toBe('');
      }
    } finally {
      await db.close();
    }

    const noReason = await cli('freeze', email, '--by', 'ann');
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason "<text>" is required');
    expect(noReason.stderr).toContain('Usage: npm run admin -- <command>');

    const frozen = await cli('freeze', email, '--by', 'ann', '--reason', 'card fraud report 88');
    expect(frozen.code, frozen.stderr).toBe(0);
    expect(frozen.stdout).toContain(`The account of ${email} (${guid}) is now frozen.`);

    const shown = await cli('user', email);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^frozen\s+yes, since .* \(Operator ann: card fraud report 88\)$/m);
    expect(shown.stdout).toMatch(/^status\s+opened$/m);

    const lifted = await cli('unfreeze', guid, '--by', 'bob', '--reason', 'cleared', '--json');
    expect(lifted.code, lifted.stderr).toBe(0);
    expect(JSON.parse(lifted.stdout)).toMatchObject({
      userGuid: guid,
      frozen: false,
      changed: true,
      action: { operator: 'bob', action: 'unfreeze', reason: 'cleared' },
    });

    const audit = await cli('audit', '--json');
    expect(audit.code, audit.stderr).toBe(0);
    const { actions } = JSON.parse(audit.stdout) as {
      actions: { operator: string; action: string; subject: string }[];
    };
    expect(actions.map((a) => [a.operator, a.action, a.subject])).toEqual([
      ['bob', 'unfreeze', guid],
      ['ann', 'freeze', guid],
    ]);

    // What the app reads afterwards: not frozen, and the two records.
    const after = await openAppDatabase();
    try {
      expect(
        (await after.query<{ frozen: boolean }>('SELECT frozen FROM custodian_accounts WHERE user_id = $1', [guid]))
          .rows,
      ).toEqual([{ frozen: false }]);
      expect((await after.query('SELECT 1 FROM operator_actions WHERE subject = $1', [guid])).rows.length).toBe(2);
    } finally {
      await after.close();
    }
    // Six process starts, each some seconds (tsx compiles the source, PGlite opens its folder): a generous limit.
  }, 400_000);
});
