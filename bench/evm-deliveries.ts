// EVM deliveries through the gateway (the real `deliver`: nonce under the wallet's row lock, signed, stored, committed,
// broadcast; docs/decisions/080-evm-gateway-keys-and-nonces.md) beside raw viem `writeContract` ERC-20 transfers from
// another funded wallet (viem's nonce manager, nothing stored), on the same local Hardhat node in the same run, at 1
// and 8 concurrent senders, median of RUNS. A transfer counts once the node has taken it (both sides alike); the node
// mines a block every 200 ms. It prints the CPU per transfer of each side: this process (the gateway or
// viem), the database server when it is PostgreSQL, and the node.
// Run: `npx tsx bench/evm-deliveries.ts` (PGlite in this process; BENCH_DATABASE_URL names a PostgreSQL server to create
// a fresh database on, dropped afterwards; SENDERS, TRANSFERS (a run), RUNS to change).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWalletClient, erc20Abi, http, nonceManager, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import type { Db } from '../apps/api/src/db';
import { migrate, readMigrations } from '../apps/api/src/db/migrate';
import { openPglite } from '../apps/api/src/db/pglite';
import { openPostgres } from '../apps/api/src/db/postgres';
import { createEvmChainGateway, HotWalletKey } from '../apps/api/src/providers/chain-gateway/evm';
import { startLocalEvmSetup } from '../apps/api/test/evm/local-node';
// @ts-expect-error: a plain .mjs helper without type declarations
import { cpuSeconds, machine, median, postgresCpuSeconds, speedIndex } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = process.env.BENCH_DATABASE_URL ?? null;
const SENDERS = (process.env.SENDERS ?? '1,8').split(',').map(Number);
const TRANSFERS = Number(process.env.TRANSFERS ?? 64);
const RUNS = Number(process.env.RUNS ?? 3);

interface Measure {
  perSecond: number;
  /** CPU microseconds a transfer: this process, the PostgreSQL server (0 on PGlite: it is this process), the node. */
  selfMicros: number;
  postgresMicros: number;
  nodeMicros: number;
}

const micros = (seconds: number, count: number) => Math.round((seconds * 1e6) / Math.max(count, 1));

/** CPU seconds of this process's live children (the Hardhat node runs as one). */
function childrenCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid) total += (cpuSeconds(Number(pid)) as number) ?? 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** TRANSFERS transfers by `senders` concurrent senders, each `send(i)` one transfer; rate and CPU per transfer. */
async function measure(senders: number, send: (i: number) => Promise<void>): Promise<Measure> {
  const self0 = cpuSeconds() as number;
  const pg0 = SERVER ? (postgresCpuSeconds() as number) : 0;
  const node0 = childrenCpuSeconds();
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let i = next++; i < TRANSFERS; i = next++) await send(i);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    perSecond: +(TRANSFERS / seconds).toFixed(1),
    selfMicros: micros((cpuSeconds() as number) - self0, TRANSFERS),
    postgresMicros: SERVER ? micros((postgresCpuSeconds() as number) - pg0, TRANSFERS) : 0,
    nodeMicros: micros(childrenCpuSeconds() - node0, TRANSFERS),
  };
}

function medianRun(runs: Measure[]): Measure & { runs: number[] } {
  const rate = median(runs.map((r) => r.perSecond)) as number;
  const chosen = runs.find((r) => r.perSecond === rate) ?? { ...runs[0]!, perSecond: rate };
  return { ...chosen, runs: runs.map((r) => r.perSecond) };
}

// The machine's speed, taken before the load (docs/benchmarks.md compares runs of different machines through it).
const speed = await speedIndex();
const setup = await startLocalEvmSetup();
const stamp = `${Date.now()}_${process.pid}`;
const dbName = `bench_evm_${stamp}`;
const psql = (sql: string) => execFileSync('psql', [SERVER!, '-qc', sql], { stdio: 'ignore' });
let db: Db;
if (SERVER) {
  psql(`CREATE DATABASE ${dbName}`);
  db = openPostgres(SERVER.replace(/\/[^/]*$/, `/${dbName}`), { max: Math.max(...SENDERS) + 2 });
} else {
  db = await openPglite({});
}
try {
  await migrate(db, await readMigrations(path.join(here, '../apps/api/migrations')));
  const chain = { ...hardhat, id: setup.node.chainId, rpcUrls: { default: { http: [setup.node.rpcUrl] } } };
  const gateway = createEvmChainGateway({
    db,
    networks: [
      {
        network: 'ethereum',
        rpcUrl: setup.node.rpcUrl,
        chainId: setup.node.chainId,
        confirmations: 1,
        hotWalletKey: new HotWalletKey(setup.hotWalletKey),
        tokens: [{ asset: 'USDC', contract: setup.token }],
        lowBalance: {},
        depositXpub: null,
        depositXprv: null,
        replaceAfterSeconds: 300,
      },
    ],
  });
  await gateway.verify(() => 6);
  // Blocks every 200 ms instead of one per transaction: with automine, Hardhat refuses a transaction whose nonce
  // arrives before the one below it, which concurrent senders from one wallet do; a real network queues it.
  await setup.node.setAutomine(false);
  const interval = await fetch(setup.node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setIntervalMining', params: [200] }),
  });
  if (!interval.ok) throw new Error('evm_setIntervalMining failed');
  // The baseline's wallet: funded from the hot wallet (ether for gas, tokens to send), its own nonces.
  const hot = createWalletClient({ chain, account: privateKeyToAccount(setup.hotWalletKey), transport: http() });
  const raw = createWalletClient({
    chain,
    account: privateKeyToAccount(generatePrivateKey(), { nonceManager }),
    transport: http(),
  });
  for (const hash of [
    await hot.sendTransaction({ to: raw.account.address, value: parseEther('10') }),
    await hot.writeContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [raw.account.address, 100_000_000_000n],
    }),
  ]) {
    await setup.node.client.waitForTransactionReceipt({ hash });
  }
  const recipient = (): Address => privateKeyToAccount(generatePrivateKey()).address;
  // One untimed round of each side first: connections, the token's decimals, JIT.
  let reference = 0;
  const deliver = async () => {
    const result = await gateway.deliver({
      network: 'ethereum',
      asset: 'USDC',
      address: recipient(),
      memo: null,
      amount: 1_000_000n,
      reference: `bench-${stamp}-${(reference += 1)}`,
      decimals: 6,
    });
    if (!result.ok) throw new Error(result.reason);
  };
  const transfer = async () => {
    await raw.writeContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient(), 1_000_000n],
    });
  };
  await measure(2, deliver);
  await measure(2, transfer);
  const rows = [];
  for (const senders of SENDERS) {
    const ours: Measure[] = [];
    const base: Measure[] = [];
    // Alternated, so a neighbour's load falls on both sides alike.
    for (let run = 0; run < RUNS; run += 1) {
      ours.push(await measure(senders, deliver));
      base.push(await measure(senders, transfer));
    }
    const gatewayRun = medianRun(ours);
    const viemRun = medianRun(base);
    rows.push({
      senders,
      gateway: gatewayRun,
      viemWriteContract: viemRun,
      ratio: +(gatewayRun.perSecond / viemRun.perSecond).toFixed(2),
    });
  }
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        lighthouseBenchmarkIndex: speed,
        database: SERVER ? 'postgresql' : 'pglite',
        transfersPerRun: TRANSFERS,
        runs: RUNS,
        note: 'CPU figures in microseconds a transfer: self = this process (gateway + PGlite, or viem), postgres, node',
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  await setup.node.stop();
  if (SERVER) psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
