import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../../src/config';
import { rootDir } from '../helpers';
import { freePort } from '../free-port';

/**
 * Several real Rampart processes on one PostgreSQL server, as production runs them (decision 039): API processes
 * started with RUN_WORKER=false and worker processes, each a child process running the same entry `npm start` and
 * `npm run worker` run (apps/api/src/main.ts and worker.ts; through tsx here, so no build is needed first).
 */

/** The server of TEST_DATABASE_URL with another database name. */
export function serverUrl(database: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the scale tests need TEST_DATABASE_URL (TEST_DB=postgres)');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh database of the test's own on the server; drop() ends its connections and removes it. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: serverUrl(name),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl('postgres') });
      await client.connect();
      try {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ProcessKind = 'api' | 'worker';

/** One member of the cluster: an API process on its own port, or a worker. Restartable after a kill. */
export class RampartProcess {
  child: ChildProcess | null = null;
  /** The last lines the process wrote (stdout and stderr), to explain a failure. */
  readonly tail: string[] = [];
  starts = 0;
  kills = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly kind: ProcessKind,
    readonly name: string,
    readonly port: number,
    private readonly env: Env,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it serves /api/user/healthcheck (API) or says it works the queue (worker). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) return;
    this.starts += 1;
    const entry = path.join(rootDir, 'apps/api/src', this.kind === 'api' ? 'main.ts' : 'worker.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: rootDir,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let said = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      said = (said + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) this.tail.push(line.slice(0, 400));
      if (this.tail.length > 60) this.tail.splice(0, this.tail.length - 60);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited while starting:\n${this.tail.join('\n')}`);
      if (this.kind === 'worker' ? said.includes('is working the job queue') : await this.healthy()) return;
      if (Date.now() > deadline)
        throw new Error(`${this.name} did not start within ${timeoutMs} ms:\n${this.tail.join('\n')}`);
      await sleep(150);
    }
  }

  private async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/user/healthcheck`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** SIGKILL: no shutdown hook runs, open transactions die with their connections. */
  async kill(): Promise<void> {
    if (!this.child || !this.running) return;
    this.kills += 1;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the graceful shutdown `npm start` and `npm run worker` do on a deploy. */
  async stop(): Promise<void> {
    if (!this.child || !this.running) return;
    this.child.kill('SIGTERM');
    const stopped = await Promise.race([this.exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) await this.kill();
  }
}

export interface Cluster {
  apis: RampartProcess[];
  workers: RampartProcess[];
  all: RampartProcess[];
  stopAll(): Promise<void>;
}

/** Makes (but does not start) `apis` API processes with RUN_WORKER=false and `workers` worker processes. */
export async function defineCluster(options: {
  databaseUrl: string;
  apis: number;
  workers: number;
  env?: Env;
}): Promise<Cluster> {
  const env: Env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    // Each process would otherwise generate its own upload folder under ./data; the token secret is shared through
    // the database (signing-key.ts), as in production without JWT_SECRET.
    DATA_DIR: path.join('/tmp', `rampart-scale-${process.pid}`),
    ...options.env,
  };
  const apis: RampartProcess[] = [];
  for (let i = 0; i < options.apis; i += 1)
    apis.push(new RampartProcess('api', `api-${i + 1}`, await freePort(), { ...env, RUN_WORKER: 'false' }));
  const workers = Array.from(
    { length: options.workers },
    (_, i) => new RampartProcess('worker', `worker-${i + 1}`, 0, env),
  );
  const all = [...apis, ...workers];
  // Should the test process end without its afterAll (a timeout, an interrupt), no Rampart process outlives it.
  process.once('exit', () => {
    for (const p of all) if (p.running) p.child?.kill('SIGKILL');
  });
  return {
    apis,
    workers,
    all,
    async stopAll() {
      await Promise.all(all.map((p) => p.stop()));
    },
  };
}

export interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A network failure: the process behind the port died or was not there (the request may or may not have run). */
export class Unreachable extends Error {}

/** One HTTP call to one API process, as the SPA makes it (JSON, bearer token). */
export async function call(
  base: string,
  url: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let res: Response;
  try {
    res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new Unreachable(
      `${method} ${base}${url}: ${error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error)}`,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw new Unreachable(`${method} ${base}${url} (reading the reply): ${String(error)}`);
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text for the failure message.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Runs `tasks` with at most `limit` at once; the first failure rejects after the running ones settle. */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (failure === null && next < items.length) {
      const index = next;
      next += 1;
      try {
        await task(items[index]!, index);
      } catch (error) {
        failure ??= error;
      }
    }
  });
  await Promise.all(lanes);
  if (failure !== null) throw failure;
}

/** Waits until `check` returns true, polling; throws with `describe()` when the time is up. */
export async function waitUntil(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; describe: () => Promise<string> },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${await options.describe()}`);
    await sleep(options.intervalMs ?? 500);
  }
}

export { sleep };
