// The ledger's write rate on the PostgreSQL server beside pgbench's built-in TPC-B-like bank transfer, in the same
// run, at a pgbench scale of at least the client count (one branch row per client: below that, every TPC-B
// transaction queues on a few branch rows and the baseline flatters). Targets (docs/benchmarks.md, decision 086):
// transfers between users at least half of TPC-B at 1, 8 and 32 clients; deposits from the outside world, which
// every client moves at once, likewise at 8 and 32 clients. It prints the CPU each side used per transaction: the
// client (this process, or pgbench) and the PostgreSQL server.
// Run: `npx tsx bench/ledger-transfers.ts` (BENCH_DATABASE_URL names a server to create databases on; default
// postgres://postgres@127.0.0.1:5432/postgres; CLIENTS, SECONDS, RUNS, ACCOUNTS, SCALE to change). Each side gets a
// fresh database, dropped afterwards.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, readMigrations } from '../apps/api/src/db/migrate';
import { openPostgres } from '../apps/api/src/db/postgres';
import {
  checkInvariants,
  PLATFORM_FEES,
  postTransaction,
  userAccount,
  WORLD_BANK,
} from '../apps/api/src/modules/ledger';
// @ts-expect-error: a plain .mjs helper without type declarations
import { machine, median, speedIndex, withCpu } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = (process.env.CLIENTS ?? '1,8,32').split(',').map(Number);
const DEPOSIT_CLIENTS = (process.env.DEPOSIT_CLIENTS ?? '8,32').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const RUNS = Number(process.env.RUNS ?? 3);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 10_000);
const SCALE = Number(process.env.SCALE ?? Math.max(...CLIENTS, ...DEPOSIT_CLIENTS));
const SEED_WRITERS = 8;
const USERS = Array.from({ length: ACCOUNTS }, () => randomUUID());

type Db = ReturnType<typeof openPostgres>;
interface Measure {
  perSecond: number;
  clientMicros: number;
  postgresMicros: number;
}

const withDatabase = (name: string) => SERVER.replace(/\/[^/]*$/, `/${name}`);
const psql = (sql: string) => execFileSync('psql', [SERVER, '-qc', sql], { stdio: 'ignore' });
const micros = (seconds: number, count: number) => Math.round((seconds * 1e6) / Math.max(count, 1));

/** The median run of RUNS by rate, with its CPU per transaction. */
function medianRun(runs: Measure[]): Measure {
  const rate = median(runs.map((r) => r.perSecond));
  return runs.find((r) => r.perSecond === rate) ?? { ...runs[0]!, perSecond: rate };
}

/** pgbench -b tpcb-like: TPS without connection time, median of RUNS. */
async function pgbench(url: string, clients: number): Promise<Measure> {
  const runs: Measure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { result, clientSeconds, postgresSeconds } = await withCpu(async () =>
      execFileSync(
        'pgbench',
        [
          '-n',
          '-b',
          'tpcb-like',
          '-c',
          String(clients),
          '-j',
          String(Math.min(clients, 2)),
          '-T',
          String(SECONDS),
          url,
        ],
        { encoding: 'utf8' },
      ),
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result)?.[1];
    const count = /number of transactions actually processed: (\d+)/.exec(result)?.[1];
    if (!tps || !count) throw new Error(`pgbench printed no rate:\n${result}`);
    runs.push({
      perSecond: Number(tps),
      clientMicros: micros(clientSeconds, Number(count)),
      postgresMicros: micros(postgresSeconds, Number(count)),
    });
  }
  return medianRun(runs);
}

/** `clients` loops posting `next()` for SECONDS, each transfer one statement on the pool; median of RUNS. */
async function ledger(db: Db, clients: number, next: () => Parameters<typeof postTransaction>[1]): Promise<Measure> {
  const runs: Measure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const {
      result: done,
      clientSeconds,
      postgresSeconds,
    } = await withCpu(async () => {
      let count = 0;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (Date.now() < deadline) {
            await postTransaction(db, next());
            count += 1;
          }
        }),
      );
      return count;
    });
    runs.push({
      perSecond: done / ((Date.now() - started) / 1000),
      clientMicros: micros(clientSeconds, done),
      postgresMicros: micros(postgresSeconds, done),
    });
  }
  return medianRun(runs);
}

const randomUser = () => USERS[Math.floor(Math.random() * ACCOUNTS)]!;

/** Like TPC-B's account update: 0.01 USD between two random users, with its idempotency key. */
function transfer() {
  const from = randomUser();
  let to = randomUser();
  while (to === from) to = randomUser();
  return {
    idempotencyKey: randomUUID(),
    postings: [
      { source: userAccount(from, 'USD'), destination: userAccount(to, 'USD'), asset: 'USD' as const, amount: 1n },
    ],
  };
}

/** A card deposit's shape: money from the bank to a random user, the fee from the user to the platform. */
function deposit() {
  const user = userAccount(randomUser(), 'USD');
  return {
    idempotencyKey: randomUUID(),
    postings: [
      { source: WORLD_BANK, destination: user, asset: 'USD' as const, amount: 1_000n },
      { source: user, destination: PLATFORM_FEES, asset: 'USD' as const, amount: 10n },
    ],
  };
}

const row = (name: string, clients: number, ours: Measure, base: Measure) => ({
  measure: name,
  clients,
  ledgerPerSecond: Math.round(ours.perSecond),
  pgbenchTps: Math.round(base.perSecond),
  ratio: +(ours.perSecond / base.perSecond).toFixed(2),
  cpuMicrosPerTransaction: {
    ledger: { client: ours.clientMicros, postgres: ours.postgresMicros },
    pgbench: { client: base.clientMicros, postgres: base.postgresMicros },
  },
});

// The machine's speed, taken before the load (docs/benchmarks.md compares runs of different machines through it).
const speed = await speedIndex();
const stamp = `${Date.now()}_${process.pid}`;
const ledgerDb = `bench_ledger_${stamp}`;
const pgbenchDb = `bench_pgbench_${stamp}`;
psql(`CREATE DATABASE ${ledgerDb}`);
psql(`CREATE DATABASE ${pgbenchDb}`);
const db = openPostgres(withDatabase(ledgerDb), { max: Math.max(...CLIENTS, ...DEPOSIT_CLIENTS, SEED_WRITERS) });
try {
  await migrate(db, await readMigrations(path.join(here, '../apps/api/migrations')));
  // Every account starts with money from the bank, at SEED_WRITERS concurrent writers: every seed moves the world.
  const seedStarted = Date.now();
  let nextSeed = 0;
  await Promise.all(
    Array.from({ length: SEED_WRITERS }, async () => {
      for (let i = nextSeed++; i < ACCOUNTS; i = nextSeed++) {
        await postTransaction(db, {
          idempotencyKey: `seed-${i}`,
          postings: [
            { source: WORLD_BANK, destination: userAccount(USERS[i]!, 'USD'), asset: 'USD', amount: 1_000_000n },
          ],
        });
      }
    }),
  );
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  // Statistics for the planner, as `pgbench -i` gathers them for its tables (this server runs without autovacuum).
  await db.query('ANALYZE');
  execFileSync('pgbench', ['-i', '-q', '-s', String(SCALE), withDatabase(pgbenchDb)], { stdio: 'ignore' });
  // Neither side's measurement pays for writing out the other's set-up. No checkpoint between runs: right after one,
  // the first change to each page writes the whole page to the log, which costs TPC-B, spread over 32 times more
  // pages, far more than the ledger, and would flatter the ratio.
  psql('CHECKPOINT');

  const baseline = new Map<number, Measure>();
  const tpcb = async (clients: number) => {
    if (!baseline.has(clients)) baseline.set(clients, await pgbench(withDatabase(pgbenchDb), clients));
    return baseline.get(clients)!;
  };
  const rows = [];
  for (const clients of CLIENTS) {
    const ours = await ledger(db, clients, transfer);
    rows.push(row('transfers between users', clients, ours, await tpcb(clients)));
  }
  for (const clients of DEPOSIT_CLIENTS) {
    const ours = await ledger(db, clients, deposit);
    rows.push(row('deposits from the world (with a fee)', clients, ours, await tpcb(clients)));
  }
  const invariants = await checkInvariants(db);
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        lighthouseBenchmarkIndex: speed,
        seconds: SECONDS,
        runs: RUNS,
        accounts: ACCOUNTS,
        pgbenchScale: SCALE,
        seed: { accounts: ACCOUNTS, writers: SEED_WRITERS, seconds: seedSeconds },
        rows,
        invariantsHold: invariants.ok,
        target: 'ratio >= 0.5',
      },
      null,
      2,
    ),
  );
  if (!invariants.ok) process.exitCode = 1;
} finally {
  await db.close();
  psql(`DROP DATABASE IF EXISTS ${ledgerDb} WITH (FORCE)`);
  psql(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
}
