#!/usr/bin/env node
// POST /api/ramp/quote requests per second and p99 latency at 50 connections (decision 041), every quote persisted (a
// new idemId per request), beside a bare Fastify route that returns a constant, measured in the same run (the ceiling
// of the HTTP layer on this machine). The API runs as `npm start` runs it, on the embedded PGlite or, with
// BENCH_DATABASE_URL, on the PostgreSQL server; QUOTE_RATE_LIMIT_PER_MINUTE=0 lifts the per-user quote limit and
// RATE_LIMIT_PER_MINUTE=0 the per-client request limit (decision 037): one client, thousands of requests a second.
//
// Two load generators, both by default (LOAD_GENERATORS=autocannon,wrk): autocannon, in Node, and wrk, in C (Debian's
// package, installed when missing and running as root). The load generator shares the two cores with the API and the
// database, so its own cost is part of every figure: wrk's is a fraction of autocannon's (decision 046).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureDebianPackage } from '../scripts/debian.mjs';
import { machine, median, sleep } from './lib.mjs';
import { QUOTE_BODY_START, quoteBody, verifiedUser } from './quote-user.mjs';
import { startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
const USERS = Number(process.env.USERS ?? 1);
// Long enough for the API's JIT and the database's caches: after 2 s the first measured run was still a third slower.
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 5);
const GENERATORS = (process.env.LOAD_GENERATORS ?? 'autocannon,wrk').split(',');
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-post.lua');

/** A bare Fastify server in a process of its own: one route, a constant JSON reply. */
async function startBare(port) {
  const source = `
    const app = (await import('fastify')).default({ logger: false });
    app.post('/constant', async () => ({ ok: true }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: process.cwd(),
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => (String(chunk).includes('ready') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/** One load of `url` by autocannon: requests a second, p99 in ms, failed requests, requests answered. */
async function autocannonLoad(url, { seconds, tokens, quotes }) {
  let sequence = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  };
  if (quotes) {
    // One user: the token is in the options' headers; several: each request names its user's in turn.
    options.headers.authorization = `Bearer ${tokens[0]}`;
    options.requests = [
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
    ];
  } else {
    options.body = '{}';
  }
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
async function wrkLoad(url, { seconds, tokens, quotes }) {
  wrkRun += 1;
  const env = {
    ...process.env,
    BENCH_RUN: `${Date.now()}-${wrkRun}`,
    BENCH_TOKENS: quotes ? tokens.join(',') : '',
    BENCH_BODY_START: quotes ? QUOTE_BODY_START : '',
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
const bare = await startBare(Number(process.env.BARE_PORT ?? 3922));
try {
  // USERS signed-in users (1 by default), the requests spread over them in turn: one user's row is locked (key share)
  // by every concurrent insert of that user's quotes, which many users' traffic does not do.
  const tokens = [];
  for (let n = 0; n < USERS; n++) tokens.push(await verifiedUser(server.base, n));
  const quoteUrl = `${server.base}/api/ramp/quote`;
  const bareUrl = `${bare.base}/constant`;
  const byGenerator = {};
  let answered = 0;
  let failures = 0;
  for (const name of GENERATORS) {
    const load = LOADERS[name];
    const quotes = { rps: [], p99: [] };
    const bares = { rps: [], p99: [] };
    // A warm-up of each, then the runs, alternating so both see the same machine. Every quote answered counts,
    // warm-ups included, for the check of the stored rows below.
    const count = (result) => ((answered += result.total), (failures += result.failures), result);
    count(await load(quoteUrl, { seconds: WARM_UP_SECONDS, tokens, quotes: true }));
    await load(bareUrl, { seconds: WARM_UP_SECONDS });
    for (let r = 0; r < RUNS; r++) {
      const q = count(await load(quoteUrl, { seconds: SECONDS, tokens, quotes: true }));
      quotes.rps.push(Math.round(q.rps));
      quotes.p99.push(q.p99);
      const b = await load(bareUrl, { seconds: SECONDS });
      failures += b.failures;
      bares.rps.push(Math.round(b.rps));
      bares.p99.push(b.p99);
      await sleep(500);
    }
    byGenerator[name] = {
      quoteRps: median(quotes.rps),
      quoteRpsRuns: quotes.rps,
      quoteP99Ms: median(quotes.p99),
      quoteP99Runs: quotes.p99,
      bareRps: median(bares.rps),
      bareRpsRuns: bares.rps,
      bareP99Ms: median(bares.p99),
      ratio: Number((median(quotes.rps) / median(bares.rps)).toFixed(3)),
    };
  }
  // On the PostgreSQL server, the rows prove every answered quote was stored (warm-ups included).
  let quotesStored = null;
  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    quotesStored = Number(
      (await client.query("SELECT count(*) AS n FROM ramp_quotes WHERE idem_id LIKE 'bench-%'")).rows[0].n,
    );
    await client.end();
  }
  const result = {
    benchmark: 'POST /api/ramp/quote at 50 connections, every quote persisted',
    database: server.database,
    machine: machine(),
    connections: CONNECTIONS,
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
  await bare.stop();
  await server.stop();
}
