import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { freePort } from '../free-port';

/**
 * A local EVM node for the tests of the EVM chain gateway: Hardhat's network (its EDR engine is a native binary
 * inside the npm packages, so nothing is downloaded at run time), started as a child process on a free loopback port,
 * with the test stablecoin (TestStablecoin.sol, compiled here by solc from npm) deployed and a fresh hot wallet funded
 * with ether for gas and with tokens.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Hardhat's first default account (publicly known key; it only ever holds test ether on this local node). */
export const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const LOCAL_CHAIN_ID = 31337;
/** How long the node may take to answer after it is spawned, on a busy two-core machine. */
const START_TIMEOUT_MS = 60_000;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export interface CompiledContract {
  abi: unknown[];
  bytecode: Hex;
  compilerVersion: string;
}

/** Compiles TestStablecoin.sol with the solc npm package (its compiler is bundled WebAssembly: no download). */
export async function compileTestStablecoin(): Promise<CompiledContract> {
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const source = await readFile(path.join(here, 'TestStablecoin.sol'), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestStablecoin.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestStablecoin.sol']!['TestStablecoin']!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, compilerVersion: solc.version() };
}

export const TEST_STABLECOIN_ABI = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

export interface LocalEvmNode {
  rpcUrl: string;
  chainId: number;
  client: PublicClient;
  /** Mines `blocks` blocks (with automine off, they take the pending transactions their base fee allows). */
  mine(blocks: number): Promise<void>;
  /** Automine on (the default: each transaction mined at once) or off (transactions wait in the pool). */
  setAutomine(on: boolean): Promise<void>;
  /** The next block's base fee, in wei: a pending transaction offering less stays in the pool. */
  setNextBlockBaseFeePerGas(wei: bigint): Promise<void>;
  /** The chain's state now, to go back to (a reorganisation's fork point): an id for revert. */
  snapshot(): Promise<Hex>;
  /** Back to a snapshot: every block since is dropped (with its transactions), as a reorganisation does. */
  revert(id: Hex): Promise<void>;
  /** The token's balance of an address, in minor units. */
  balanceOf(token: Address, owner: Address): Promise<bigint>;
  stop(): Promise<void>;
}

export interface LocalEvmSetup {
  node: LocalEvmNode;
  token: Address;
  /** A fresh hot wallet, funded with 100 ether and 1,000,000 tokens. */
  hotWalletKey: Hex;
  hotWallet: Address;
}

async function waitForNode(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The local EVM node exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The local EVM node did not answer in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts Hardhat's node on a free port; `stop()` ends that process and removes its config. */
export async function startLocalEvmNode(options: { onSpawned?: () => void } = {}): Promise<LocalEvmNode> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-evm-'));
  const config = path.join(dir, 'hardhat.config.cjs');
  await writeFile(config, `module.exports = { networks: { hardhat: { chainId: ${LOCAL_CHAIN_ID} } } };\n`);
  const port = await freePort();
  const cli = path.join(path.dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');
  const child = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', config],
    {
      // Hardhat insists on being run from inside a project that installs it.
      cwd: here,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  options.onSpawned?.();
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test process that ends without stop() (a crash, an interrupted run) takes its node with it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForNode(rpcUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  const chain = { ...hardhat, id: LOCAL_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain, mode: 'hardhat', transport: http(rpcUrl) });
  return {
    rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    client,
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    async setAutomine(on) {
      await testClient.setAutomine(on);
    },
    async setNextBlockBaseFeePerGas(wei) {
      await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: wei });
    },
    async snapshot() {
      return testClient.snapshot();
    },
    async revert(id) {
      await testClient.revert({ id });
    },
    async balanceOf(token, owner) {
      return client.readContract({
        address: token,
        abi: TEST_STABLECOIN_ABI,
        functionName: 'balanceOf',
        args: [owner],
      });
    },
    stop,
  };
}

/** A node, the test stablecoin deployed on it, and a funded hot wallet. */
export async function startLocalEvmSetup(): Promise<LocalEvmSetup> {
  // The node boots in its own process while solc compiles here (compiling holds this thread: spawn first).
  let spawned = () => {};
  const isSpawned = new Promise<void>((resolve) => (spawned = resolve));
  const starting = startLocalEvmNode({ onSpawned: spawned });
  await Promise.race([
    isSpawned,
    starting.then(
      () => undefined,
      () => undefined,
    ),
  ]);
  const compiled = await compileTestStablecoin().catch(async (error: unknown) => {
    await starting.then((node) => node.stop()).catch(() => undefined);
    throw error;
  });
  const node = await starting;
  try {
    const chain = { ...hardhat, id: node.chainId, rpcUrls: { default: { http: [node.rpcUrl] } } };
    const deployer = createWalletClient({
      chain,
      account: privateKeyToAccount(DEPLOYER_KEY),
      transport: http(node.rpcUrl),
    });
    const deployHash = await deployer.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode });
    const deployed = await node.client.waitForTransactionReceipt({ hash: deployHash });
    if (!deployed.contractAddress) throw new Error('The test stablecoin was not deployed');
    const token = deployed.contractAddress;
    const hotWalletKey = generatePrivateKey();
    const hotWallet = privateKeyToAccount(hotWalletKey).address;
    const funded = await deployer.sendTransaction({ to: hotWallet, value: parseEther('100') });
    await node.client.waitForTransactionReceipt({ hash: funded });
    const minted = await deployer.writeContract({
      address: token,
      abi: TEST_STABLECOIN_ABI,
      functionName: 'mint',
      args: [hotWallet, 1_000_000_000_000n],
    });
    await node.client.waitForTransactionReceipt({ hash: minted });
    return { node, token, hotWalletKey, hotWallet };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

export interface SwitchableRpcProxy {
  /** The proxy's URL: configure the gateway with it instead of the node's. */
  rpcUrl: string;
  /** The node "goes down": the port refuses connections (the ones open are cut). */
  down(): Promise<void>;
  /** The node is back on the same port. */
  up(): Promise<void>;
  /** JSON-RPC methods forwarded so far (eth_sendRawTransaction counts the broadcasts). */
  calls: string[];
  close(): Promise<void>;
}

/**
 * A JSON-RPC pass-through in front of a node that can be switched off and on: an unreachable node, on demand, without
 * losing the chain's state (stopping Hardhat's node would forget it).
 */
export async function startSwitchableRpcProxy(target: string): Promise<SwitchableRpcProxy> {
  const port = await freePort();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      try {
        const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push(String(call.method));
      } catch {
        // Forwarded as it is; the node answers.
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  return { rpcUrl: `http://127.0.0.1:${port}`, calls, down: shut, up: listen, close: shut };
}
