#!/usr/bin/env node
// Time from `npm start` to a healthy GET /api/user/healthcheck on an existing data folder (target under 3 s: decision
// 001), beside the same measure for a bare Fastify server that answers a constant (the floor of Node + Fastify).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, median, sleep } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3917);

async function timeToHealthy(command, args, env, url) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const res = await fetch(url);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error(`${command} ${args.join(' ')} never became healthy`);
      await sleep(10);
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-start-'));
const bare = path.join(dataDir, 'bare.mjs');
writeFileSync(
  bare,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/api/user/healthcheck', async () => ({ status: 'ok' }));
await app.listen({ port: ${PORT}, host: '127.0.0.1' });`,
);
const env = { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
const url = `http://127.0.0.1:${PORT}/api/user/healthcheck`;

// The first start creates the database and builds if needed: not what is measured.
const first = await timeToHealthy('npm', ['start', '--silent'], env, url);
const rampart = [];
const baseline = [];
for (let i = 0; i < RUNS; i++) {
  rampart.push(await timeToHealthy('npm', ['start', '--silent'], env, url));
  baseline.push(await timeToHealthy(process.execPath, [bare], {}, url));
}
rmSync(dataDir, { recursive: true, force: true });

const m = median(rampart);
const b = median(baseline);
console.log(
  JSON.stringify(
    {
      machine: machine(),
      runs: RUNS,
      firstStartMs: Math.round(first),
      npmStartMedianMs: Math.round(m),
      npmStartRunsMs: rampart.map(Math.round),
      bareFastifyMedianMs: Math.round(b),
      ratio: +(m / b).toFixed(2),
      targetMs: 3000,
      met: m < 3000,
    },
    null,
    2,
  ),
);
