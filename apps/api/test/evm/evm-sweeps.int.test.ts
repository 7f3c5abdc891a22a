import pino from 'pino';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AssetDepositAddressReply } from '@rampart/contracts';
import { HDKey } from '@scure/bip32';
import { createWalletClient, erc20Abi, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { ConfigError } from '../../src/config';
import { scanChainDeposits } from '../../src/jobs/chain-deposits';
import { sweepChainDeposits, type SweptDeposits } from '../../src/jobs/chain-sweeps';
import { startWorkLoop } from '../../src/jobs/work-loop';
import { systemClock } from '../../src/lib/clock';
import { getAccountBalance } from '../../src/modules/ledger';
import {
  createEvmChainGateway,
  parseEvmGatewayConfig,
  type EvmChainGateway,
  type StoredTransfer,
} from '../../src/providers/chain-gateway/evm';
import type { Services } from '../../src/services';
import { testConfig } from '../helpers';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import { startLocalEvmSetup, type LocalEvmSetup } from './local-node';

// Deposits swept into the hot wallet on a real EVM node (Hardhat's network), docs/decisions/092-evm-deposit-sweeps.md:
// the address is topped up with gas from the hot wallet once, its tokens go to the hot wallet once, whatever the
// retries, the workers or the crashes, and the gas is in the ledger as the receipts say.
let setup: LocalEvmSetup;
let k: TransferKit;
let services: Services;
let env: Record<string, string>;
/** The deposit account m/44'/60'/0': the app is given its public half, and the worker its private half. */
let account: HDKey;
const clock = systemClock;
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const CONFIRMATIONS = 3;

beforeAll(async () => {
  setup = await startLocalEvmSetup();
  account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
  env = {
    EVM_NETWORKS: 'ethereum',
    EVM_ETHEREUM_RPC_URL: setup.node.rpcUrl,
    EVM_ETHEREUM_CHAIN_ID: String(setup.node.chainId),
    EVM_ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
    EVM_ETHEREUM_HOT_WALLET_KEY: setup.hotWalletKey,
    EVM_ETHEREUM_TOKENS: `USDC=${setup.token}`,
    EVM_ETHEREUM_DEPOSIT_XPUB: account.publicExtendedKey,
    EVM_ETHEREUM_DEPOSIT_XPRV: account.privateExtendedKey,
    EVM_CONFIRMATION_POLL_SECONDS: '1',
    FEATURE_FLAGS: JSON.stringify({ assetsDisabledForBuyingAndTrading: [], assetsAddition: true }),
  };
  k = await createTransferKit({ clock, env });
  services = k.t.services;
}, 120_000);

afterEach(async () => {
  await k.invariants();
});

afterAll(async () => {
  await k?.close();
  await setup?.node.stop();
});

const chain = () => ({ ...hardhat, id: setup.node.chainId, rpcUrls: { default: { http: [setup.node.rpcUrl] } } });
const client = () => setup.node.client;

/** Another gateway on the same database and node (another worker), optionally with a hook after each store. */
function gateway(
  overrides: Record<string, string | undefined> = {},
  afterStore?: (t: StoredTransfer) => void,
): EvmChainGateway {
  return createEvmChainGateway({
    db: services.db,
    networks: parseEvmGatewayConfig({ ...env, ...overrides }),
    ...(afterStore ? { afterStore } : {}),
  });
}

/** One look of the sweep job with `g` as the worker's gateway. */
const sweepWith = (g: EvmChainGateway | null = services.providers.evmGateway) =>
  sweepChainDeposits({ db: services.db, providers: { ...services.providers, evmGateway: g } }, logger);

/** Looks until `address` has nothing left to sweep and every gas record is posted (at most `looks`). */
async function sweepUntilDone(address: string, looks = 8, g?: EvmChainGateway): Promise<SweptDeposits[]> {
  const reports: SweptDeposits[] = [];
  for (let i = 0; i < looks; i += 1) {
    reports.push(await sweepWith(g));
    const due = await services.db.query('SELECT 1 FROM evm_sweeps WHERE address = $1 AND due', [address.toLowerCase()]);
    const unrecorded = await services.db.query('SELECT 1 FROM evm_sweep_fees WHERE recorded_at IS NULL');
    if (due.rows.length === 0 && unrecorded.rows.length === 0) return reports;
  }
  throw new Error(`${address} was not swept in ${looks} looks`);
}

/** A holdings deposit address on Ethereum, and the user's token. */
async function depositAddress(): Promise<{ token: string; address: Address }> {
  const user = await k.openedUser('0', 'evm-sweep');
  const asked = await k.call('/api/holdings/deposit-address', {
    token: user.token,
    body: { network: 'ethereum', assetTicker: 'USDC' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return { token: user.token, address: AssetDepositAddressReply.parse(asked.body).deposit.address as Address };
}

/** A customer's wallet sends `minor` USDC to `to`; the worker credits it once its block is final. */
async function deposit(to: Address, minor: bigint): Promise<void> {
  const hot = createWalletClient({
    chain: chain(),
    account: privateKeyToAccount(setup.hotWalletKey),
    transport: http(setup.node.rpcUrl),
  });
  const key = generatePrivateKey();
  const customer = privateKeyToAccount(key).address;
  await client().waitForTransactionReceipt({
    hash: await hot.sendTransaction({ to: customer, value: parseEther('1') }),
  });
  await client().waitForTransactionReceipt({
    hash: await hot.writeContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [customer, minor],
    }),
  });
  const wallet = createWalletClient({
    chain: chain(),
    account: privateKeyToAccount(key),
    transport: http(setup.node.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: setup.token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, minor],
  });
  expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success');
  await setup.node.mine(CONFIRMATIONS - 1);
  expect(await scanChainDeposits(services, logger)).toMatchObject({ credited: 1 });
}

const usdc = (address: Address) => setup.node.balanceOf(setup.token, address);
const nonceOf = (address: Address) => client().getTransactionCount({ address, blockTag: 'latest' });

/** The gas records the ledger holds for an address: the transaction, its step and the amount posted. */
async function gasRecords(address: Address) {
  const { rows } = await services.db.query<{
    tx_hash: string;
    step: string;
    round: number;
    amount: string;
    asset: string;
    source: string;
    destination: string;
  }>(
    `SELECT t.metadata->>'txHash' AS tx_hash, t.metadata->>'step' AS step, (t.metadata->>'round')::int AS round,
            p.amount::text AS amount, p.asset, p.source, p.destination
       FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
      WHERE t.metadata->>'kind' = 'evm_sweep_gas' AND t.metadata->>'address' = $1
      ORDER BY t.created_at`,
    [address],
  );
  return rows;
}

/** Each record equals its receipt's gasUsed x effectiveGasPrice, from the platform's network fees to world:chain. */
async function expectRecordsMatchReceipts(address: Address, steps: string[]): Promise<void> {
  const records = await gasRecords(address);
  expect(records.map((r) => r.step)).toEqual(steps);
  for (const record of records) {
    const receipt = await client().getTransactionReceipt({ hash: record.tx_hash as Hex });
    // Wei in the ledger's gwei, rounded up (decision 093).
    expect(BigInt(record.amount)).toBe((receipt.gasUsed * receipt.effectiveGasPrice + 999_999_999n) / 1_000_000_000n);
    expect(record).toMatchObject({ asset: 'ETH', source: 'platform:network_fees', destination: 'world:chain' });
  }
}

describe('EVM deposit sweeps', () => {
  it('a credited deposit is swept to the hot wallet: the address topped up with gas once, the gas in the ledger', async () => {
    const { token, address } = await depositAddress();
    await deposit(address, 20_000_000n);
    const hotBefore = await usdc(setup.hotWallet);
    const hotNonce = await nonceOf(setup.hotWallet);

    const reports = await sweepUntilDone(address);
    expect(reports.flatMap((r) => r.swept)).toMatchObject([
      { address, asset: 'USDC', round: 1, amount: 20_000_000n, ok: true },
    ]);
    expect(await usdc(address)).toBe(0n);
    expect(await usdc(setup.hotWallet)).toBe(hotBefore + 20_000_000n);
    // One top-up from the hot wallet, one transfer from the address.
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce + 1);
    expect(await nonceOf(address)).toBe(1);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep']);
    // The platform's network fees paid what the two receipts say.
    const fees = (await gasRecords(address)).reduce((sum, r) => sum + BigInt(r.amount), 0n);
    expect((await getAccountBalance(services.db, 'platform:network_fees', 'ETH')).settled).toBe(-fees);
    // The user's deposit stays theirs: the sweep moves no user money.
    expect((await k.holdings(token)).assets.find((a) => a.assetTicker === 'USDC')).toMatchObject({
      settled: '20.000000',
    });

    // Looked at again: nothing more on chain, nothing more in the ledger.
    await sweepWith();
    await sweepWith();
    expect(await nonceOf(address)).toBe(1);
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce + 1);
    expect(await gasRecords(address)).toHaveLength(2);
  });

  it('two workers sweeping at once sign one top-up and one token transfer', async () => {
    const { address } = await depositAddress();
    await deposit(address, 7_000_000n);
    const hotBefore = await usdc(setup.hotWallet);
    const hotNonce = await nonceOf(setup.hotWallet);
    // Each worker counts the transactions it signed and stored itself.
    const stored: string[] = [];
    const [a, b] = [
      gateway({}, (t) => void stored.push(t.reference)),
      gateway({}, (t) => void stored.push(t.reference)),
    ];
    for (let look = 0; look < 8; look += 1) {
      await Promise.all([sweepWith(a), sweepWith(b)]);
      if ((await usdc(address)) === 0n && (await gasRecords(address)).length === 2) break;
    }
    await sweepUntilDone(address, 3, a);
    expect(await usdc(address)).toBe(0n);
    expect(await usdc(setup.hotWallet)).toBe(hotBefore + 7_000_000n);
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce + 1);
    expect(await nonceOf(address)).toBe(1);
    const { rows } = await services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM evm_transfers WHERE reference LIKE $1`,
      [`%${address.toLowerCase()}%`],
    );
    expect(rows[0]!.count).toBe(2);
    expect(stored.sort()).toEqual([
      `sweep-gas:${address.toLowerCase()}:USDC:1`,
      `sweep:${address.toLowerCase()}:USDC:1`,
    ]);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep']);
  });

  it('a crash between store and broadcast: resumed, the stored top-up and sweep are each sent once', async () => {
    const { address } = await depositAddress();
    await deposit(address, 3_000_000n);
    const hotNonce = await nonceOf(setup.hotWallet);
    const crashed = new Set<string>();
    const crashing = gateway({}, (t) => {
      if (crashed.has(t.reference)) return;
      crashed.add(t.reference);
      throw new Error('crash after store');
    });
    // The top-up is stored, then the process "dies": nothing was sent.
    expect(await sweepWith(crashing)).toMatchObject({ failed: 1 });
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce);
    expect(await gateway().resumeUnsent()).toBe(1);
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce + 1);
    // The sweep is stored, then the process "dies" again; a restart sends the stored bytes.
    expect(await sweepWith(crashing)).toMatchObject({ failed: 1 });
    expect(await nonceOf(address)).toBe(0);
    expect(await gateway().resumeUnsent()).toBe(1);
    expect(await gateway().resumeUnsent()).toBe(0);
    await sweepUntilDone(address, 4, crashing);
    expect(crashed.size).toBe(2);
    expect(await usdc(address)).toBe(0n);
    expect(await nonceOf(address)).toBe(1);
    expect(await nonceOf(setup.hotWallet)).toBe(hotNonce + 1);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep']);
  });

  it('a second deposit to a swept address is swept in a second round', async () => {
    const { address } = await depositAddress();
    await deposit(address, 5_000_000n);
    await sweepUntilDone(address);
    expect(await usdc(address)).toBe(0n);

    await deposit(address, 2_500_000n);
    const hotBefore = await usdc(setup.hotWallet);
    const reports = await sweepUntilDone(address);
    expect(reports.flatMap((r) => r.swept)).toMatchObject([{ address, round: 2, amount: 2_500_000n }]);
    expect(await usdc(address)).toBe(0n);
    expect(await usdc(setup.hotWallet)).toBe(hotBefore + 2_500_000n);
    expect(await nonceOf(address)).toBe(2);
    // The first top-up left gas enough for the second sweep: no second top-up.
    const records = await gasRecords(address);
    expect(records.map((r) => [r.step, r.round])).toEqual([
      ['top_up', 1],
      ['sweep', 1],
      ['sweep', 2],
    ]);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep', 'sweep']);
  });

  it('a deposit credited while a round is under way is swept by the next round', async () => {
    const { address } = await depositAddress();
    await deposit(address, 4_000_000n);
    expect(await sweepWith()).toMatchObject({ waiting: 1 }); // the top-up
    expect(await sweepWith()).toMatchObject({ waiting: 1 }); // the sweep of 4 USDC, signed and sent
    expect(await nonceOf(address)).toBe(1);
    await deposit(address, 1_500_000n);
    const reports = await sweepUntilDone(address);
    expect(reports.flatMap((r) => r.swept).map((s) => [s.round, s.amount])).toEqual([
      [1, 4_000_000n],
      [2, 1_500_000n],
    ]);
    expect(await usdc(address)).toBe(0n);
    expect(await nonceOf(address)).toBe(2);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep', 'sweep']);
  });

  it("the worker's loop sweeps by itself", async () => {
    const { address } = await depositAddress();
    await deposit(address, 6_000_000n);
    const hotBefore = await usdc(setup.hotWallet);
    const loop = await startWorkLoop(services, logger);
    try {
      // The loop looks every EVM_CONFIRMATION_POLL_SECONDS (1 s here).
      const deadline = Date.now() + 60_000;
      while ((await gasRecords(address)).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await loop.stop();
    }
    expect(await usdc(address)).toBe(0n);
    expect(await usdc(setup.hotWallet)).toBe(hotBefore + 6_000_000n);
    await expectRecordsMatchReceipts(address, ['top_up', 'sweep']);
  });

  it('without the extended private key nothing is swept; once it is configured, the deposits waiting are', async () => {
    const { address } = await depositAddress();
    await deposit(address, 1_000_000n);
    const keyless = gateway({ EVM_ETHEREUM_DEPOSIT_XPRV: undefined });
    expect(keyless.sweepsDeposits()).toBe(false);
    expect(await sweepWith(keyless)).toEqual({ swept: [], feesRecorded: 0, waiting: 0, failed: 0 });
    expect(await usdc(address)).toBe(1_000_000n);
    expect(await nonceOf(address)).toBe(0);

    await sweepUntilDone(address);
    expect(await usdc(address)).toBe(0n);
  });

  it('refuses an extended private key of another account, or a public one, and never shows it', () => {
    const other = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
    const cases: [string, RegExp][] = [
      [other.privateExtendedKey, /EVM_ETHEREUM_DEPOSIT_XPRV does not belong to EVM_ETHEREUM_DEPOSIT_XPUB/],
      [account.publicExtendedKey, /EVM_ETHEREUM_DEPOSIT_XPRV must be an extended private key/],
    ];
    for (const [value, message] of cases) {
      let error: unknown = null;
      try {
        testConfig({ ...env, EVM_ETHEREUM_DEPOSIT_XPRV: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const text = `${(error as Error).message} ${JSON.stringify(error)}`;
      expect(text).toMatch(message);
      expect(text).not.toContain(value.slice(4, 40));
      expect(text).not.toContain(account.privateExtendedKey.slice(4, 40));
    }
  });
});
