#!/usr/bin/env node
// Password sign-ins per second (POST /api/identity/sign-in → the emailed-code challenge, which verifies the Argon2id
// hash and enqueues the code mail) at OWASP's minimum Argon2id parameters, beside the bare Argon2id verify rate of this
// machine with the same parameters and concurrency: the hash is the limit (docs/benchmarks.md).
import { hash, verify } from '@node-rs/argon2';
import { cpuSeconds, machine, median, speedIndex } from './lib.mjs';
import { startServer } from './server.mjs';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 5);
const RUNS = Number(process.env.RUNS ?? 3);
const USERS = Number(process.env.USERS ?? 800);
const PASSWORD = 'correct horse battery staple 42';
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function post(base, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function createUsers(base, count) {
  const emails = [];
  for (let i = 0; i < count; i += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, count - i) }, async (_, k) => {
        const email = `bench-${i + k}-${Date.now()}@example.com`;
        const up = await post(base, '/api/identity/sign-up', { email, password: PASSWORD });
        if (up.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(up.body)}`);
        const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
        const code = /\b(\d{6})\b/.exec(outbox.messages[0].text)[1];
        const confirm = await post(base, '/api/identity/confirm-sign-up', { email, code });
        if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
        emails.push(email);
      }),
    );
  }
  return emails;
}

/**
 * Runs `op` from CONCURRENCY loops for SECONDS; returns completed operations per second and the CPU microseconds each
 * took in this process (the load, or the bare verifies with their hashing threads) and in the API's process (its
 * hashing threads and, on PGlite, the database) when `apiPid` is given: a figure can then be told from the noise.
 */
async function rate(op, apiPid) {
  let done = 0;
  const self0 = cpuSeconds(process.pid);
  const api0 = apiPid ? cpuSeconds(apiPid) : 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await op();
        done += 1;
      }
    }),
  );
  const micros = (seconds) => Math.round((seconds * 1e6) / Math.max(done, 1));
  return {
    perSecond: done / SECONDS,
    selfMicros: micros(cpuSeconds(process.pid) - self0),
    apiMicros: apiPid ? micros(cpuSeconds(apiPid) - api0) : undefined,
  };
}

// The machine's speed, taken before the load (docs/benchmarks.md compares runs of different machines through it).
const speed = await speedIndex();

// One address makes every sign-up and sign-in: the per-client request limits are off (decision 037).
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3919),
  env: { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '0' },
});
try {
  const emails = await createUsers(server.base, USERS);
  // Each account may be sent 5 codes in 15 minutes: spread the sign-ins over all accounts, at most 3 each (the sign-up code was the first).
  let next = 0;
  const signIn = async () => {
    const index = Math.floor(next++ / 3);
    if (index >= emails.length) throw new Error('out of accounts: raise USERS');
    const email = emails[index];
    const res = await post(server.base, '/api/identity/sign-in', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  };
  const stored = await hash(PASSWORD, ARGON2);
  const bare = async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('verify failed');
  };
  const signIns = [];
  const bares = [];
  for (let r = 0; r < RUNS; r++) {
    signIns.push(await rate(signIn, server.pid));
    bares.push(await rate(bare));
  }
  const s = median(signIns.map((run) => run.perSecond));
  const b = median(bares.map((run) => run.perSecond));
  const medianRun = (runs, value) => runs.find((run) => run.perSecond === value) ?? runs[0];
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        lighthouseBenchmarkIndex: speed,
        database: server.database,
        argon2: 'Argon2id m=19456 KiB, t=2, p=1 (OWASP minimum)',
        concurrency: CONCURRENCY,
        secondsPerRun: SECONDS,
        runs: RUNS,
        signInPerSecondMedian: +s.toFixed(1),
        signInRuns: signIns.map((run) => +run.perSecond.toFixed(1)),
        bareArgon2VerifyPerSecondMedian: +b.toFixed(1),
        bareRuns: bares.map((run) => +run.perSecond.toFixed(1)),
        ratio: +(s / b).toFixed(2),
        cpuMicrosPerSignIn: { api: medianRun(signIns, s).apiMicros, loadGenerator: medianRun(signIns, s).selfMicros },
        cpuMicrosPerBareVerify: medianRun(bares, b).selfMicros,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
