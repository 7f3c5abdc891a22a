// Ledger transfers per second on the PostgreSQL server at 1, 8 and 32 concurrent clients, beside pgbench's built-in
// TPC-B-like bank transfer on the same server and client counts, in the same run. Target: at least half of pgbench's
// rate (docs/benchmarks.md). Run: `npx tsx bench/ledger-transfers.ts` (BENCH_DATABASE_URL names a server to create
// databases on; default postgres://postgres@127.0.0.1:5432/postgres). Each side gets a fresh database, dropped
// afterwards.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, readMigrations } from '../apps/api/src/db/migrate';
import { openPostgres } from '../apps/api/src/db/postgres';
import {
  checkInvariants,
  LEDGER_TRANSACTION_OPTIONS,
  postTransaction,
  userAccount,
  WORLD_BANK,
} from '../apps/api/src/modules/ledger';
// @ts-expect-error: a plain .mjs helper without type declarations
import { machine, median } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = (process.env.CLIENTS ?? '1,8,32').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const RUNS = Number(process.env.RUNS ?? 3);
const ACCOUNTS = 1000;
const USERS = Array.from({ length: ACCOUNTS }, () => randomUUID());

const withDatabase = (name: string) => SERVER.replace(/\/[^/]*$/, `/${name}`);

function psql(sql: string) {
  execFileSync('psql', [SERVER, '-qc', sql], { stdio: 'ignore' });
}

/** pgbench -b tpcb-like: its TPS without connection time, median of RUNS. */
function pgbenchRate(url: string, clients: number): number {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const out = execFileSync(
      'pgbench',
      ['-n', '-b', 'tpcb-like', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(SECONDS), url],
      {
        encoding: 'utf8',
      },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (!match?.[1]) throw new Error(`pgbench printed no rate:\n${out}`);
    rates.push(Number(match[1]));
  }
  return median(rates);
}

async function ledgerRate(db: ReturnType<typeof openPostgres>, clients: number): Promise<number> {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const deadline = Date.now() + SECONDS * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          // A transfer between two random user accounts, like TPC-B's account update, with an idempotency key.
          const from = Math.floor(Math.random() * ACCOUNTS);
          const to = (from + 1 + Math.floor(Math.random() * (ACCOUNTS - 1))) % ACCOUNTS;
          await db.transaction(
            (tx) =>
              postTransaction(tx, {
                idempotencyKey: randomUUID(),
                postings: [
                  {
                    source: userAccount(USERS[from]!, 'USD'),
                    destination: userAccount(USERS[to]!, 'USD'),
                    asset: 'USD',
                    amount: 1n,
                  },
                ],
              }),
            LEDGER_TRANSACTION_OPTIONS,
          );
          done += 1;
        }
      }),
    );
    rates.push(done / SECONDS);
  }
  return median(rates);
}

const stamp = `${Date.now()}_${process.pid}`;
const ledgerDb = `bench_ledger_${stamp}`;
const pgbenchDb = `bench_pgbench_${stamp}`;
psql(`CREATE DATABASE ${ledgerDb}`);
psql(`CREATE DATABASE ${pgbenchDb}`);
const db = openPostgres(withDatabase(ledgerDb), { max: Math.max(...CLIENTS), applicationName: 'rampart-bench' });
try {
  await migrate(db, await readMigrations(path.join(here, '../apps/api/migrations')));
  // Every account starts with money from the bank, so transfers never run dry.
  for (let i = 0; i < ACCOUNTS; i += 1) {
    await db.transaction((tx) =>
      postTransaction(tx, {
        idempotencyKey: `seed-${i}`,
        postings: [
          { source: WORLD_BANK, destination: userAccount(USERS[i]!, 'USD'), asset: 'USD', amount: 1_000_000n },
        ],
      }),
    );
  }
  execFileSync('pgbench', ['-i', '-q', '-s', '1', withDatabase(pgbenchDb)], { stdio: 'ignore' });

  const rows = [];
  for (const clients of CLIENTS) {
    const ledger = await ledgerRate(db, clients);
    const pgbench = pgbenchRate(withDatabase(pgbenchDb), clients);
    rows.push({
      clients,
      ledgerPerSecond: Math.round(ledger),
      pgbenchTps: Math.round(pgbench),
      ratio: +(ledger / pgbench).toFixed(2),
    });
  }
  const invariants = await checkInvariants(db);
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        seconds: SECONDS,
        runs: RUNS,
        accounts: ACCOUNTS,
        rows,
        invariantsHold: invariants.ok,
        target: 'ratio >= 0.5',
      },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  psql(`DROP DATABASE IF EXISTS ${ledgerDb} WITH (FORCE)`);
  psql(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
}
