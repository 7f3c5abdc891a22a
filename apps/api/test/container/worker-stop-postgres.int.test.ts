import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureBuilt } from '../../../../scripts/build.mjs';
import { createScratchDatabase, serverUrl } from '../scale/cluster';
import { jsonLines, readRuntimeStage, startLikeContainer, waitFor, type RuntimeStage } from './image';

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
 * A worker container (docs/operations.md: the image with `node scripts/start.mjs --worker` as its command) stops on
 * docker stop's SIGTERM the same way: no new job, the running ones finished, the queue stopped, every connection
 * closed, exit 0 (decision 068).
 */
describe('a worker container stops cleanly on docker stop', () => {
  let stage: RuntimeStage;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    stage = readRuntimeStage();
    scratch = await createScratchDatabase('rampart_worker_stop');
    await (ensureBuilt as (o: { quiet: boolean; only: string[] }) => Promise<void>)({ quiet: true, only: ['api'] });
  }, 600_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  it('stops its job queue, closes its connections and exits 0 on SIGTERM', async () => {
    const proc = startLikeContainer(stage, [...stage.cmd, '--worker'], {
      DATABASE_URL: scratch.url,
      DATA_DIR: '/tmp/rampart-worker-unused',
    });
    await waitFor(proc, () => proc.stdout().includes('is working the job queue'), 'worker at work');
    expect(await connectionsTo(scratch.name)).toBeGreaterThan(0);

    proc.child.kill('SIGTERM');
    const exit = await proc.exited;
    expect({ ...exit, stderr: proc.stderr() }).toMatchObject({ code: 0, signal: null });
    const messages = jsonLines(proc.stdout()).map((line) => String(line.msg));
    expect(messages.some((m) => m.includes('is working the job queue'))).toBe(true);
    expect(messages).toContain('worker shutting down');
    expect(messages).toContain('worker stopped: running jobs finished, job queue stopped, database closed');
    expect(await connectionsTo(scratch.name)).toBe(0);
  }, 240_000);
});
