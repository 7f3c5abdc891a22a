import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

/** Decision 035: one process at a time on an embedded database folder. */
describe('the embedded database folder lock', () => {
  let dir: string;
  let dataDir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-lock-'));
    dataDir = path.join(dir, 'pglite');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is held while open, names this process, and is gone once released', async () => {
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds it, and says which', async () => {
    // The parent of this test process is alive for as long as the test runs.
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: process.ppid, command: 'scripts/start.mjs' }));
    const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(
      `is in use by another process (pid ${process.ppid}: scripts/start.mjs)`,
    );
    expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('takes over a lock left by a process that is gone, and never removes a lock it does not hold', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: Number(gone), command: 'killed' }));
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    // Someone else took it over meanwhile: releasing leaves their lock alone.
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: process.ppid, command: 'newer' }));
    await lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
  });
});
