#!/usr/bin/env node
// CPU time per quote (decision 044), apart from the machine's other load: the API's process and the
// PostgreSQL server's processes, read from /proc before and after loading POST /api/ramp/quote with autocannon
// (50 connections, a new idemId each). Rates and latencies move with whatever else runs on the two cores; the CPU
// each quote costs does much less, so this is what to compare between two versions of the code.
import autocannon from 'autocannon';
import { cpuSeconds, postgresCpuSeconds } from './lib.mjs';
import { startServer } from './server.mjs';
import { verifiedUser, quoteBody } from './quote-user.mjs';

const SECONDS = Number(process.env.SECONDS ?? 10);

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3923),
  only: ['api'],
  env: {
    QUOTE_RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    LOG_LEVEL: 'error',
  },
});
try {
  const token = await verifiedUser(server.base);
  let sequence = 0;
  const options = {
    url: `${server.base}/api/ramp/quote`,
    connections: 50,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: [
      { setupRequest: (request) => ({ ...request, body: quoteBody(`cost-${Date.now()}-${(sequence += 1)}`) }) },
    ],
  };
  await autocannon({ ...options, duration: 3 });
  const api0 = cpuSeconds(server.pid);
  const pg0 = postgresCpuSeconds();
  const run = await autocannon({ ...options, duration: SECONDS });
  const api = cpuSeconds(server.pid) - api0;
  const pg = postgresCpuSeconds() - pg0;
  const quotes = run.requests.total;
  console.log(
    JSON.stringify({
      database: server.database,
      quotes,
      failures: run.non2xx + run.errors + run.timeouts,
      rps: run.requests.average,
      p99Ms: run.latency.p99,
      apiMicrosPerQuote: Math.round((api / quotes) * 1e6),
      postgresMicrosPerQuote: server.database === 'postgres' ? Math.round((pg / quotes) * 1e6) : null,
    }),
  );
} finally {
  await server.stop();
}
