#!/usr/bin/env node
// Issue 6: POST /api/ramp/quote requests per second and p99 latency at 50 connections, every quote persisted (a new
// idemId per request), beside a bare Fastify route that returns a constant, measured in the same run (the ceiling of
// the HTTP layer on this machine). The API runs as `npm start` runs it, on the embedded PGlite or, with
// BENCH_DATABASE_URL, on the PostgreSQL server; QUOTE_RATE_LIMIT_PER_MINUTE=0 lifts the per-user quote limit and
// RATE_LIMIT_PER_MINUTE=0 the per-client request limit (decision 037): one client, thousands of requests a second.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { machine, median, sleep } from './lib.mjs';
import { quoteBody, verifiedUser } from './quote-user.mjs';
import { startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
const USERS = Number(process.env.USERS ?? 1);
// Long enough for the API's JIT and the database's caches: after 2 s the first measured run was still a third slower.
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 5);
/** A bare Fastify server in a process of its own: one route, a constant JSON reply. */
async function startBare(port) {
  const source = `
    const app = (await import('fastify')).default({ logger: false });
    app.post('/constant', async () => ({ ok: true }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => (String(chunk).includes('ready') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

function load(url, options) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, method: 'POST', headers: { 'content-type': 'application/json' }, ...options });
}

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3921), only: ['api'], env: { QUOTE_RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '0', LOG_LEVEL: 'error' } });
const bare = await startBare(Number(process.env.BARE_PORT ?? 3922));
try {
  // USERS signed-in users (1 by default), the requests spread over them in turn: one user's row is locked (key share)
  // by every concurrent insert of that user's quotes, which many users' traffic does not do.
  const tokens = [];
  for (let n = 0; n < USERS; n++) tokens.push(await verifiedUser(server.base, n));
  // A new idemId for every request: every quote is a new one, persisted (none is a replay).
  let sequence = 0;
  const quoteRequests = [
    {
      setupRequest: (request) => {
        sequence += 1;
        const body = quoteBody(`bench-${sequence}-${Date.now()}`);
        // One user: the token is in the options' headers; several: each request names its user's in turn.
        return tokens.length === 1 ? { ...request, body } : { ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[sequence % tokens.length]}` }, body };
      },
    },
  ];
  const quoteOptions = { requests: quoteRequests, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` } };
  const quotes = { rps: [], p99: [], errors: 0, total: 0 };
  const bares = { rps: [], p99: [] };
  // A short warm-up of each, then the runs, alternating so both see the same machine.
  await load(`${server.base}/api/ramp/quote`, { duration: WARM_UP_SECONDS, ...quoteOptions });
  await load(`${bare.base}/constant`, { duration: WARM_UP_SECONDS, body: '{}' });
  for (let r = 0; r < RUNS; r++) {
    const q = await load(`${server.base}/api/ramp/quote`, quoteOptions);
    quotes.rps.push(q.requests.average);
    quotes.p99.push(q.latency.p99);
    quotes.errors += q.non2xx + q.errors + q.timeouts;
    quotes.total += q.requests.total;
    const b = await load(`${bare.base}/constant`, { body: '{}' });
    bares.rps.push(b.requests.average);
    bares.p99.push(b.latency.p99);
    await sleep(500);
  }
  // On the PostgreSQL server, the rows prove every answered quote was stored (warm-ups included).
  let quotesStored = null;
  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    quotesStored = Number((await client.query("SELECT count(*) AS n FROM ramp_quotes WHERE idem_id LIKE 'bench-%'")).rows[0].n);
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
    quoteRps: median(quotes.rps),
    quoteRpsRuns: quotes.rps,
    quoteP99Ms: median(quotes.p99),
    quoteP99Runs: quotes.p99,
    quotesAnswered: quotes.total,
    quotesStored,
    quoteFailures: quotes.errors,
    bareRps: median(bares.rps),
    bareP99Ms: median(bares.p99),
    ratio: Number((median(quotes.rps) / median(bares.rps)).toFixed(3)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (quotes.errors > 0) process.exitCode = 1;
} finally {
  await bare.stop();
  await server.stop();
}
