// `npm run evm:local`: the app on a local EVM chain (docs/decisions/085-evm-networks-by-configuration.md and 087).
// It starts Hardhat's network from npm, deploys the test stablecoin as USDC (6 decimals), funds a fresh hot wallet,
// makes a fresh deposit account key, and runs `npm start` on a fresh embedded database with Ethereum configured for
// that chain: buys on Ethereum are real ERC-20 transfers, sells by deposit real transfers in, swept into the hot wallet
// once credited (docs/decisions/092-evm-deposit-sweeps.md). Every run starts a new chain and a new database. Stop it
// with Ctrl-C.
//
// `npm run evm:local -- send <address> <amount>`, from a second terminal while it runs: a wallet of your own sends
// `amount` USDC to `address` (a sell order's deposit address, say) on that chain. `npm run evm:local -- balance
// [address]`: the USDC and ETH an address holds on that chain, the hot wallet's by default.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  http,
  isAddress,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
// Hardhat's first development account (test ether only) is the "customer's own wallet" of `send`.
import { DEPLOYER_KEY, startLocalEvmSetup, TEST_STABLECOIN_ABI } from '../apps/api/test/evm/local-node.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATE = path.join(root, 'data', 'evm-local.json');

interface State {
  rpcUrl: string;
  chainId: number;
  token: Address;
  hotWallet: Address;
}

async function runningChain(): Promise<State> {
  try {
    return JSON.parse(await readFile(STATE, 'utf8')) as State;
  } catch {
    throw new Error('No local chain is running: start `npm run evm:local` first, in another terminal.');
  }
}

async function balance(address: string | undefined): Promise<void> {
  if (address !== undefined && !isAddress(address, { strict: false })) {
    throw new Error('usage: npm run evm:local -- balance [0x address; the hot wallet when left out]');
  }
  const state = await runningChain();
  const owner = getAddress(address ?? state.hotWallet);
  const client = createPublicClient({ transport: http(state.rpcUrl) });
  const [usdc, ether] = await Promise.all([
    client.readContract({ address: state.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    client.getBalance({ address: owner }),
  ]);
  const who = address === undefined ? `The hot wallet ${owner}` : owner;
  process.stdout.write(`${who} holds ${formatUnits(usdc, 6)} USDC and ${formatEther(ether)} ETH\n`);
}

async function send(address: string | undefined, amount: string | undefined): Promise<void> {
  if (!address || !isAddress(address, { strict: false }) || !amount || !/^\d+(\.\d{1,6})?$/.test(amount)) {
    throw new Error('usage: npm run evm:local -- send <0x address> <amount of USDC, up to 6 decimals>');
  }
  const state = await runningChain();
  const chain = { ...hardhat, id: state.chainId, rpcUrls: { default: { http: [state.rpcUrl] } } };
  const wallet = createWalletClient({ chain, account: privateKeyToAccount(DEPLOYER_KEY), transport: http() });
  const value = parseUnits(amount, 6);
  // The test token lets anyone mint: the wallet mints what it sends, then sends it as any holder would.
  await wallet.writeContract({
    address: state.token,
    abi: TEST_STABLECOIN_ABI,
    functionName: 'mint',
    args: [wallet.account.address, value],
  });
  const hash = await wallet.writeContract({
    address: state.token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [getAddress(address), value],
  });
  process.stdout.write(`Sent ${amount} USDC to ${getAddress(address)}: ${hash}\n`);
}

async function run(): Promise<void> {
  process.stderr.write('Starting a local EVM chain (Hardhat network) and deploying USDC...\n');
  const setup = await startLocalEvmSetup();
  const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-evm-local-'));
  await mkdir(path.dirname(STATE), { recursive: true });
  await writeFile(
    STATE,
    JSON.stringify({
      rpcUrl: setup.node.rpcUrl,
      chainId: setup.node.chainId,
      token: setup.token,
      hotWallet: setup.hotWallet,
    } satisfies State),
  );
  // The deposit addresses' private side, kept beside the database too, for a look at the addresses with a wallet.
  await writeFile(path.join(dataDir, 'deposit-account.xprv'), `${account.privateExtendedKey}\n`, { mode: 0o600 });
  process.stderr.write(
    [
      `Chain ${setup.node.chainId} at ${setup.node.rpcUrl}; USDC at ${setup.token}; hot wallet ${setup.hotWallet}.`,
      `Database and the deposit account's private key in ${dataDir}.`,
      'Send USDC to a deposit address from another terminal: npm run evm:local -- send <address> <amount>',
      'What an address holds (the hot wallet by default): npm run evm:local -- balance [address]',
      '',
    ].join('\n'),
  );
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    EVM_NETWORKS: 'ethereum',
    EVM_ETHEREUM_RPC_URL: setup.node.rpcUrl,
    EVM_ETHEREUM_CHAIN_ID: String(setup.node.chainId),
    EVM_ETHEREUM_CONFIRMATIONS: '2',
    EVM_ETHEREUM_HOT_WALLET_KEY: setup.hotWalletKey,
    EVM_ETHEREUM_TOKENS: `USDC=${setup.token}`,
    EVM_ETHEREUM_DEPOSIT_XPUB: account.publicExtendedKey,
    // The app works its own jobs here, so it sweeps: in production only the worker's environment has this key.
    EVM_ETHEREUM_DEPOSIT_XPRV: account.privateExtendedKey,
    EVM_CONFIRMATION_POLL_SECONDS: '2',
    // USDC is switched off for buying by default (document 2's flags): on here, where it is the chain's token.
    FEATURE_FLAGS: process.env.FEATURE_FLAGS ?? JSON.stringify({ assetsDisabledForBuyingAndTrading: ['ust', 'xlm'] }),
  };
  const app = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { env, stdio: 'inherit' });
  // Hardhat's node mines a block only for a transaction: a block every 2 s lets confirmations grow as on a chain.
  const miner = setInterval(() => void setup.node.mine(1).catch(() => undefined), 2_000);
  const stop = () => app.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await new Promise<number>((resolve) => app.once('exit', (c) => resolve(c ?? 0)));
  clearInterval(miner);
  await setup.node.stop();
  process.exitCode = code;
}

try {
  if (process.argv[2] === 'send') await send(process.argv[3], process.argv[4]);
  else if (process.argv[2] === 'balance') await balance(process.argv[3]);
  else await run();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
