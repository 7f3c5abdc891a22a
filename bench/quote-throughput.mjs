#!/usr/bin/env node
// POST /api/ramp/quote requests per second and p99 latency at 50 connections (decision 041), every quote persisted (a
// new idemId per request), beside baselines that do the work a quote must do at least, measured in the same run and
// alternating with it (docs/benchmarks.md, the quotes' section): a bare Fastify 5 route in a process of its own that
// INSERTs the quote's row (bench/insert-route.mjs, a `pg` pool of 10, the quote's asynchronous commit), loaded the
// same way, and pgbench inserting the same row (-c 8, synchronous_commit off), each in a fresh database of its own on
// the quote's server. For every side it prints the CPU each process used per request: the API, the INSERT route, the
// load generator, pgbench and the PostgreSQL server, and the whole machine's (the difference is other work).
// The API runs as `npm start` runs it, on the embedded PGlite or, with BENCH_DATABASE_URL, on the PostgreSQL server;
// QUOTE_RATE_LIMIT_PER_MINUTE=0 lifts the per-user quote limit and RATE_LIMIT_PER_MINUTE=0 the per-client request
// limit (decision 037): one client, thousands of requests a second.
//
// Two load generators, both by default (LOAD_GENERATORS=autocannon,wrk): autocannon, in Node, and wrk, in C (Debian's
// package, installed when missing and running as root). The load generator shares the two cores with the API and the
// database, so its own cost is part of every figure: wrk's is a fraction of autocannon's (decision 046). Both HTTP
// sides get the same requests (the quote's body and bearer; the INSERT route stores the body's idemId).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureDebianPackage } from '../scripts/debian.mjs';
import {
  cpuSeconds,
  machine,
  machineBusySeconds,
  median,
  postJson,
  postgresCpuSeconds,
  reapedCpuSeconds,
  sleep,
  speedIndex,
} from './lib.mjs';
import { QUOTE_TABLE_SQL, pgbenchScript } from './quote-table.mjs';
import { QUOTE_BODY_START, quoteBody, verifiedUser } from './quote-user.mjs';
import { startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
const USERS = Number(process.env.USERS ?? 1);
// Long enough for the API's JIT and the database's caches: after 2 s the first measured run was still a third slower.
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 5);
const GENERATORS = (process.env.LOAD_GENERATORS ?? 'autocannon,wrk').split(',');
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 8);
// pgbench's query mode: simple, as the baseline's target was set (docs/benchmarks.md); `prepared` parses and plans
// the INSERT once per connection, as the app's named statements do, and was about a third faster on this machine.
const PGBENCH_MODE = process.env.PGBENCH_MODE ?? 'simple';
const here = path.dirname(fileURLToPath(import.meta.url));
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const WRK_SCRIPT = path.join(here, 'wrk-post.lua');
const SERVER = process.env.BENCH_DATABASE_URL;

/**
 * The INSERT route (bench/insert-route.mjs) in a process of its own, on `databaseUrl` (the PostgreSQL server) or, without
 * it, on a PGlite of its own in `pgliteDir`.
 */
async function startInsertRoute(port, { databaseUrl, pgliteDir, row }) {
  const child = spawn(process.execPath, [path.join(here, 'insert-route.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      INSERT_DATABASE_URL: databaseUrl ?? '',
      INSERT_PGLITE_DIR: pgliteDir ?? '',
      INSERT_ROW: JSON.stringify(row),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => (String(chunk).includes('ready') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the INSERT route exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/** pgbench insert-only (bench/quote-table.mjs's script): transactions a second, transactions done. */
async function pgbenchLoad(url, { seconds, script }) {
  const child = spawn(
    'pgbench',
    ['-n', '-M', PGBENCH_MODE, '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(seconds), '-f', script, url],
    {
      // The app's commit mode for the whole session, and its pool's jit=off (apps/api/src/db/postgres.ts).
      env: { ...process.env, PGOPTIONS: '-c synchronous_commit=off -c jit=off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const count = /number of transactions actually processed: (\d+)/.exec(output)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
  if (code !== 0 || !tps || !count) throw new Error(`pgbench exited with ${code}: ${output}`);
  return { rps: Number(tps), total: Number(count), failures: Number(failed ?? 0) };
}

/** One load of `url` by autocannon: requests a second, p99 in ms, failed requests, requests answered. */
async function autocannonLoad(url, { seconds, tokens }) {
  let sequence = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    // One user: the token is in the options' headers; several: each request names its user's in turn.
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          const body = quoteBody(`bench-${sequence}-${Date.now()}`);
          return tokens.length === 1
            ? { ...request, body }
            : {
                ...request,
                headers: { ...request.headers, authorization: `Bearer ${tokens[sequence % tokens.length]}` },
                body,
              };
        },
      },
    ],
  };
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

let wrkRun = 0;
/** The same load by wrk (one thread, CONNECTIONS connections, bench/wrk-post.lua). */
async function wrkLoad(url, { seconds, tokens }) {
  wrkRun += 1;
  const env = {
    ...process.env,
    BENCH_RUN: `${Date.now()}-${wrkRun}`,
    BENCH_TOKENS: tokens.join(','),
    BENCH_BODY_START: QUOTE_BODY_START,
  };
  const child = spawn(WRK, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', WRK_SCRIPT, url], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const line = output.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`wrk exited with ${code}: ${output}`);
  const summary = JSON.parse(line);
  return {
    rps: summary.requests / (summary.durationUs / 1e6),
    p99: summary.p99Us / 1000,
    failures: summary.non2xx + summary.errors,
    total: summary.requests,
  };
}

const LOADERS = { autocannon: autocannonLoad, wrk: wrkLoad };
for (const name of GENERATORS)
  if (!LOADERS[name]) throw new Error(`LOAD_GENERATORS: unknown load generator ${name} (autocannon, wrk)`);
if (GENERATORS.includes('wrk') && !ensureDebianPackage({ path: WRK, pkg: 'wrk', purpose: 'The wrk runs need wrk at' }))
  process.exit(1);

/** The CPU counters of every side, read before and after a run (seconds). */
function cpuNow(pids) {
  return {
    api: cpuSeconds(pids.api),
    route: cpuSeconds(pids.route),
    // autocannon runs in this process; wrk and pgbench are its children, counted once they have exited.
    self: cpuSeconds(process.pid),
    children: reapedCpuSeconds(process.pid),
    postgres: SERVER ? postgresCpuSeconds() : null,
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

/** Microseconds of CPU a request (or transaction) each side used between `before` and `after`, and the machine's load. */
function cpuPerRequest(before, after, total, { side, generator }) {
  const micros = (key) => Math.round(((after[key] - before[key]) * 1e6) / Math.max(total, 1));
  const perRequest = {};
  if (side === 'quote') perRequest.api = micros('api');
  if (side === 'insert') perRequest.insertRoute = micros('route');
  if (side === 'pgbench') perRequest.pgbench = micros('children');
  else perRequest.loadGenerator = micros(generator === 'autocannon' ? 'self' : 'children');
  if (SERVER) perRequest.postgres = micros('postgres');
  // The whole machine: what it spent beyond the sides above is other work on the same cores.
  perRequest.machine = micros('machine');
  const busy = (after.machine - before.machine) / (((after.at - before.at) / 1000) * os.cpus().length);
  return { perRequest, busy: Number(busy.toFixed(2)) };
}

/** Each field's median over the runs. */
function medianOf(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}

const round = (value, digits = 3) => Number(value.toFixed(digits));
const withDatabase = (name) => SERVER.replace(/\/[^/]*$/, `/${name}`);
const psql = (url, sql) => execFileSync('psql', [url, '-qX', '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'ignore' });
// Each run starts right after a checkpoint, so that no side pays for the dirty pages of the one before it, nor for a
// checkpoint that began during another side's run (after one, each page's first change writes the whole page).
const checkpoint = () => SERVER && psql(SERVER, 'CHECKPOINT');

// The baselines' databases, fresh, on the quote's server: the INSERT route's and pgbench's, each with the quote table's
// shape. On PGlite (no server), the INSERT route runs on a PGlite of its own, in its own thread as the API's embedded
// database runs in the API's thread: a route on the server would compare two database engines and two process layouts,
// not the quote's work with one INSERT's. pgbench needs a server: there is no pgbench side on PGlite.
const stamp = `${Date.now()}_${process.pid}`;
const insertDb = `bench_quote_insert_${stamp}`;
const pgbenchDb = `bench_quote_pgbench_${stamp}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'rampart-quote-bench-'));
const pgbenchScriptPath = path.join(scratch, 'insert.sql');
if (SERVER) {
  psql(SERVER, `CREATE DATABASE ${insertDb}`);
  psql(SERVER, `CREATE DATABASE ${pgbenchDb}`);
  psql(withDatabase(pgbenchDb), QUOTE_TABLE_SQL);
}

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3921),
  only: ['api'],
  env: {
    QUOTE_RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    LOG_LEVEL: 'error',
  },
});
let route = null;
try {
  // USERS signed-in users (1 by default), the requests spread over them in turn: one user's row is locked (key share)
  // by every concurrent insert of that user's quotes, which many users' traffic does not do.
  const tokens = [];
  for (let n = 0; n < USERS; n++) tokens.push(await verifiedUser(server.base, n));
  // The baselines store the row of a real quote: its request and its reply as the quote stores them.
  const request = JSON.parse(quoteBody(`bench-template-${stamp}`));
  const view = await postJson(server.base, '/api/ramp/quote', request, tokens[0]);
  const row = { userId: randomUUID(), request: JSON.stringify(request), view: JSON.stringify(view) };
  writeFileSync(pgbenchScriptPath, pgbenchScript(row));
  route = await startInsertRoute(Number(process.env.INSERT_PORT ?? 3922), {
    databaseUrl: SERVER ? withDatabase(insertDb) : null,
    pgliteDir: SERVER ? null : path.join(scratch, 'pglite'),
    row,
  });
  const pids = { api: server.pid, route: route.pid };
  const quoteUrl = `${server.base}/api/ramp/quote`;
  const insertUrl = `${route.base}/insert`;
  const pgbenchUrl = SERVER ? withDatabase(pgbenchDb) : null;
  const byGenerator = {};
  let answered = 1; // the template's quote
  let failures = 0;
  for (const name of GENERATORS) {
    const sides = {
      quote: (seconds) => LOADERS[name](quoteUrl, { seconds, tokens }),
      insert: (seconds) => LOADERS[name](insertUrl, { seconds, tokens }),
      ...(SERVER ? { pgbench: (seconds) => pgbenchLoad(pgbenchUrl, { seconds, script: pgbenchScriptPath }) } : {}),
    };
    const runs = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
    // A warm-up of each, then the runs, alternating so that every side sees the same machine. Every quote answered
    // counts, warm-ups included, for the check of the stored rows below.
    for (const [side, load] of Object.entries(sides)) {
      const result = await load(WARM_UP_SECONDS);
      failures += result.failures;
      if (side === 'quote') answered += result.total;
    }
    for (let r = 0; r < RUNS; r++) {
      for (const [side, load] of Object.entries(sides)) {
        checkpoint();
        await sleep(500);
        const before = cpuNow(pids);
        const result = await load(SECONDS);
        // pgbench's backends end as it ends: a moment for the postmaster to reap them (their CPU moves to it).
        if (side === 'pgbench') await sleep(300);
        const after = cpuNow(pids);
        failures += result.failures;
        if (side === 'quote') answered += result.total;
        runs[side].push({
          rps: result.rps,
          p99: result.p99,
          ...cpuPerRequest(before, after, result.total, { side, generator: name }),
        });
      }
    }
    const summary = (side) => {
      const list = runs[side];
      if (!list) return null;
      return {
        rps: Math.round(median(list.map((run) => run.rps))),
        rpsRuns: list.map((run) => Math.round(run.rps)),
        ...(side === 'pgbench'
          ? {}
          : { p99Ms: median(list.map((run) => run.p99)), p99Runs: list.map((run) => round(run.p99, 1)) }),
        cpuMicrosPerRequest: medianOf(list.map((run) => run.perRequest)),
        machineBusy: list.map((run) => run.busy),
      };
    };
    const quote = summary('quote');
    const insert = summary('insert');
    const pgbench = summary('pgbench');
    const ratios = {
      quoteToInsertRoute: round(quote.rps / insert.rps),
      quoteToPgbench: pgbench ? round(quote.rps / pgbench.rps) : null,
      p99ToInsertRoute: round(quote.p99Ms / insert.p99Ms, 2),
    };
    byGenerator[name] = {
      quote,
      insertRoute: insert,
      pgbenchInsertOnly: pgbench,
      ratios,
      // The targets are the server's. On PGlite the quote batches its statements and the route runs one INSERT per
      // request in a single connection, so the ratio there says how much the batching wins, not whether it is met.
      targetsMet: SERVER
        ? {
            'quote ≥ 0.85 × INSERT route': ratios.quoteToInsertRoute >= 0.85,
            'quote ≥ 0.5 × pgbench insert-only': ratios.quoteToPgbench >= 0.5,
            'quote p99 ≤ 1.5 × INSERT route p99': ratios.p99ToInsertRoute <= 1.5,
          }
        : null,
    };
  }
  // On the PostgreSQL server, the rows prove every answered quote was stored (warm-ups included).
  let quotesStored = null;
  if (SERVER) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SERVER });
    await client.connect();
    quotesStored = Number(
      (await client.query("SELECT count(*) AS n FROM ramp_quotes WHERE idem_id LIKE 'bench-%'")).rows[0].n,
    );
    await client.end();
  }
  const result = {
    benchmark: 'POST /api/ramp/quote at 50 connections, every quote persisted, beside one INSERT of its row',
    database: server.database,
    machine: machine(),
    lighthouseBenchmarkIndex: await speedIndex(),
    loadAverage: os.loadavg().map((load) => round(load, 2)),
    connections: CONNECTIONS,
    pgbench: SERVER ? { clients: PGBENCH_CLIENTS, threads: 2, mode: PGBENCH_MODE } : null,
    users: USERS,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    runs: RUNS,
    ...byGenerator,
    quotesAnswered: answered,
    quotesStored,
    failures,
  };
  console.log(JSON.stringify(result, null, 2));
  if (failures > 0 || (quotesStored !== null && quotesStored < answered)) process.exitCode = 1;
} finally {
  await route?.stop();
  await server.stop();
  if (SERVER) {
    psql(SERVER, `DROP DATABASE IF EXISTS ${insertDb} WITH (FORCE)`);
    psql(SERVER, `DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
  }
  rmSync(scratch, { recursive: true, force: true });
}
