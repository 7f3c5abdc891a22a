// Starts the built API on a fresh data folder (or BENCH_DATABASE_URL) for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../scripts/build.mjs';
import { sleep } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `only`: the parts to build (scripts/build.mjs), e.g. ['api'] for a benchmark of API calls; all of them by default.
export async function startServer({ port, env = {}, only = null }) {
  await ensureBuilt({ quiet: true, only });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-'));
  // BENCH_NODE_ARGS: flags for the API's process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile a run.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/user/healthcheck`)).ok) break;
    } catch {
      // still starting
    }
    if (i > 1200) throw new Error('the server did not start');
    await sleep(50);
  }
  return {
    base,
    pid: child.pid,
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
