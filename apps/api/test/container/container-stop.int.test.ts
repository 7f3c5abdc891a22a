import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureBuilt } from '../../../../scripts/build.mjs';
import { testDatabaseKind } from '../helpers';
import { createScratchDatabase, serverUrl } from '../scale/cluster';
import { freePort } from '../free-port';
import { jsonLines, readRuntimeStage, runHealthcheck, startLikeContainer, waitFor, type RuntimeStage } from './image';

/** pg_control's `state` (a 32-bit field after the system identifier and two version numbers): 1 is "shut down". */
const DB_SHUTDOWNED = 1;
const pgControlState = (pgliteDir: string) =>
  readFileSync(path.join(pgliteDir, 'global', 'pg_control')).readInt32LE(16);

async function connectionsTo(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * `docker stop` sends SIGTERM to the container's process 1, waits 10 s, then SIGKILLs it. The image's CMD must make
 * node that process (npm exits on SIGTERM and leaves node to the SIGKILL: no drain, the queue not stopped, the
 * database not closed). The API started as the image starts it finishes the request in hand, stops its job queue,
 * closes the database and exits 0 (decision 068).
 */
describe('the container image stops cleanly on docker stop', () => {
  let stage: RuntimeStage;
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;

  beforeAll(async () => {
    stage = readRuntimeStage();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-container-'));
    if (testDatabaseKind() === 'postgres') scratch = await createScratchDatabase('rampart_stop');
    // The image holds built bundles; here start.mjs would build what is stale first. Build now, so the timing below is
    // the start itself.
    await (ensureBuilt as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
  }, 600_000);
  afterAll(async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs node itself as the command, in exec form, with the production environment', () => {
    expect(stage.cmd[0]).toBe('node');
    expect(stage.cmd).toEqual(['node', 'scripts/start.mjs']);
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data' });
    expect(stage.healthcheck).toContain('/api/livez');
  });

  it('drains the request in hand, stops the queue, closes the database and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const proc = startLikeContainer(stage, stage.cmd, env);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      proc,
      async () => {
        try {
          return (await fetch(`${base}/api/user/healthcheck`, { signal: AbortSignal.timeout(5000) })).ok;
        } catch {
          return false;
        }
      },
      'healthy API',
    );
    // The image's own HEALTHCHECK command passes.
    expect(await runHealthcheck(stage, env)).toBe(0);
    if (scratch) expect(await connectionsTo(scratch.name)).toBeGreaterThan(0);

    // A request whose body is still arriving when the signal comes: it must be answered, not cut.
    const body = JSON.stringify({
      message: 'sent across a docker stop',
      url: `${base}/`,
      release: '0.1.0',
      source: 'error',
    });
    let finishBody = () => undefined as void;
    const inHand = new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/api/client-errors`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.once('error', reject);
      req.write(body.slice(0, 10));
      finishBody = () => void req.end(body.slice(10));
    });
    // The server has the request's head when it logs it; then docker stop, then the rest of the body.
    await waitFor(proc, () => proc.stdout().includes('/api/client-errors'), 'request logged');
    proc.child.kill('SIGTERM');
    await waitFor(proc, () => proc.stdout().includes('shutting down'), 'shutdown begun');
    finishBody();
    expect(await inHand).toBe(202);
    const exit = await proc.exited;
    expect({ ...exit, stderr: proc.stderr() }).toMatchObject({ code: 0, signal: null });

    // Production stdout is JSON lines only, the start banner among them, then the drain.
    const lines = jsonLines(proc.stdout());
    const messages = lines.map((line) => String(line.msg));
    expect(messages.some((m) => m.includes('is running at'))).toBe(true);
    expect(messages).toContain('shutting down');
    expect(messages).toContain('stopped: requests drained, job queue stopped, database closed');
    expect(lines.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });

    if (scratch) {
      // Every connection of the process (its pool and the job queue's) was closed, none left to time out.
      expect(await connectionsTo(scratch.name)).toBe(0);
    } else {
      // The embedded database was shut down, not abandoned: no recovery at the next start, and its lock released.
      const pgliteDir = path.join(dataDir, 'pglite');
      expect(pgControlState(pgliteDir)).toBe(DB_SHUTDOWNED);
      expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
      const reopened = await PGlite.create({ dataDir: pgliteDir });
      try {
        const { rows } = await reopened.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        expect(rows[0]?.n).toBeGreaterThan(0);
      } finally {
        await reopened.close();
      }
    }
  }, 240_000);
});
