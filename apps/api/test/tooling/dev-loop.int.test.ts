import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type ContainerProcess } from '../container/image';
import { freePort } from '../free-port';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const watchedSource = path.join(rootDir, 'apps/api/src/main.ts');

async function ok(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const runningLines = (out: string) =>
  out.split('\n').filter((line) => line.includes('Rampart') && line.includes('is running at')).length;

/**
 * `npm run dev` (scripts/dev.mjs, decision 071): one command, the API from source under a watcher and Vite's dev server
 * with hot reload, whose /api proxy follows PORT; an edited API file restarts the API; Ctrl-C stops both.
 */
// Vite and tsx start from cold on a machine that may be running the rest of the suite: minutes, not seconds.
describe('npm run dev', { timeout: 300_000 }, () => {
  let dataDir: string;
  let dev: ContainerProcess;
  let apiPort: number;
  let webPort: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-dev-'));
    apiPort = await freePort();
    webPort = await freePort();
    const { DATABASE_URL: _server, ...env } = process.env;
    const child = spawn('npm', ['run', '--silent', 'dev'], {
      cwd: rootDir,
      env: { ...env, NODE_ENV: 'development', PORT: String(apiPort), WEB_PORT: String(webPort), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    dev = { child, stdout: () => out, stderr: () => err, exited };
  });
  afterAll(async () => {
    // Whatever a failed test left running: the whole group npm started.
    if (dev.child.exitCode === null && dev.child.pid) {
      try {
        process.kill(-dev.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the SPA with hot reload and proxies /api to the API on PORT', async () => {
    await waitFor(
      dev,
      async () => (await ok(`http://localhost:${webPort}/api/livez`)) !== null,
      'the API behind the dev server',
    );
    const page = await ok(`http://localhost:${webPort}/`);
    expect(page).toContain('/@vite/client');
    expect(page).toContain('/@react-refresh');
    const config = JSON.parse((await ok(`http://localhost:${webPort}/api/config`)) ?? '{}') as { apiVersion?: string };
    expect(config.apiVersion).toBe('v1');
    // The proxy went to PORT: the API answers there itself.
    expect(await ok(`http://localhost:${apiPort}/api/livez`)).not.toBeNull();
    expect(dev.stdout()).toContain(`open http://localhost:${webPort}`);
  });

  it('restarts the API when one of its source files changes', async () => {
    await waitFor(dev, () => runningLines(dev.stdout()) >= 1, 'the first start');
    const { atime, mtime } = await stat(watchedSource);
    try {
      await utimes(watchedSource, new Date(), new Date());
      await waitFor(dev, () => runningLines(dev.stdout()) >= 2, 'a restart of the API');
    } finally {
      // The file is as it was (only its time was touched).
      await utimes(watchedSource, atime, mtime);
    }
    await waitFor(dev, async () => (await ok(`http://localhost:${webPort}/api/livez`)) !== null, 'the restarted API');
  });

  it('stops both on Ctrl-C', async () => {
    // The terminal sends SIGINT to the whole foreground group; npm then ends by that signal, as it does for any script.
    process.kill(-(dev.child.pid ?? 0), 'SIGINT');
    const { code, signal } = await dev.exited;
    expect(code === 0 || signal === 'SIGINT').toBe(true);
    expect(dev.stderr()).not.toMatch(/Error|exited with code [1-9]/);
    await expect.poll(() => listening(apiPort), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => listening(webPort), { timeout: 30_000 }).toBe(false);
  });
});
