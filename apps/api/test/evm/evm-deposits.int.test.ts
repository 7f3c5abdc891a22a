import pino from 'pino';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AssetDepositAddressReply, OrderReply, RampQuoteReply } from '@rampart/contracts';
import { HDKey } from '@scure/bip32';
import { createTestClient, createWalletClient, erc20Abi, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { scanChainDeposits } from '../../src/jobs/chain-deposits';
import { startWorkLoop } from '../../src/jobs/work-loop';
import { systemClock } from '../../src/lib/clock';
import { runPayout, type OrdersContext } from '../../src/modules/orders';
import type { Services } from '../../src/services';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import { startLocalEvmSetup, type LocalEvmSetup } from './local-node';

// Sells by deposit and holdings deposits on a real EVM node (Hardhat's network): each address derived from the
// configured extended public key, each transfer read from the token's logs once its block is final, credited once.
let setup: LocalEvmSetup;
let k: TransferKit;
let ctx: OrdersContext;
let services: Services;
/** The account key m/44'/60'/0' whose public half the app is given; the test keeps the private half, as a sweeper. */
let account: HDKey;
// Real time: the worker's queue schedules by the database's clock, which the app's must not fall behind.
const clock = systemClock;
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const CONFIRMATIONS = 3;
let counter = 0;

beforeAll(async () => {
  setup = await startLocalEvmSetup();
  account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
  const env = {
    EVM_NETWORKS: 'ethereum',
    EVM_ETHEREUM_RPC_URL: setup.node.rpcUrl,
    EVM_ETHEREUM_CHAIN_ID: String(setup.node.chainId),
    EVM_ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
    EVM_ETHEREUM_HOT_WALLET_KEY: setup.hotWalletKey,
    EVM_ETHEREUM_TOKENS: `USDC=${setup.token}`,
    EVM_ETHEREUM_DEPOSIT_XPUB: account.publicExtendedKey,
    EVM_CONFIRMATION_POLL_SECONDS: '1',
    FEATURE_FLAGS: JSON.stringify({ assetsDisabledForBuyingAndTrading: [], assetsAddition: true }),
  };
  k = await createTransferKit({ clock, env });
  services = k.t.services;
  ctx = services.orders;
}, 120_000);

afterEach(async () => {
  await k.invariants();
});

afterAll(async () => {
  await k?.close();
  await setup?.node.stop();
});

const chain = () => ({ ...hardhat, id: setup.node.chainId, rpcUrls: { default: { http: [setup.node.rpcUrl] } } });

/** A customer's own wallet, funded by the hot wallet with gas and `usdc` whole USDC. */
async function customerWallet(usdc: bigint) {
  const hot = createWalletClient({
    chain: chain(),
    account: privateKeyToAccount(setup.hotWalletKey),
    transport: http(setup.node.rpcUrl),
  });
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await setup.node.client.waitForTransactionReceipt({
    hash: await hot.sendTransaction({ to: address, value: parseEther('1') }),
  });
  await setup.node.client.waitForTransactionReceipt({
    hash: await hot.writeContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, usdc * 1_000_000n],
    }),
  });
  const wallet = createWalletClient({
    chain: chain(),
    account: privateKeyToAccount(key),
    transport: http(setup.node.rpcUrl),
  });
  return {
    /** Sends `minor` USDC units to `to`; resolves with the mined transaction's hash. */
    async send(to: string, minor: bigint): Promise<Hex> {
      const hash = await wallet.writeContract({
        address: setup.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Address, minor],
      });
      const receipt = await setup.node.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      return hash;
    },
  };
}

/** A sell of `amount` USDC on Ethereum by deposit, paid to the USD balance: awaiting_deposit at its own address. */
async function placeSell(amount: string) {
  const user = await k.openedUser('0', 'evm-deposit');
  const quoted = await k.call('/api/ramp/quote', {
    token: user.token,
    body: {
      sellAssetTicker: 'USDC',
      sellNetwork: 'ethereum',
      sellAmountTotal: amount,
      sellDeliveryMethod: 'deposit',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
      idemId: `evm-deposit-${(counter += 1)}-${Date.now()}`,
    },
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const { quote } = RampQuoteReply.parse(quoted.body);
  const placed = await k.placeOrder(user.token, quote.quoteId);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const { order } = OrderReply.parse(placed.body);
  expect(order).toMatchObject({ status: 'awaiting_deposit', depositMemo: null, depositReceived: null });
  return { user, order };
}

async function orderOf(token: string, orderId: string) {
  const res = await k.call('/api/ramp/order-get', { token, body: { orderId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return OrderReply.parse(res.body).order;
}

async function usdcOf(token: string) {
  const holdings = await k.holdings(token);
  return holdings.assets.find((a) => a.assetTicker === 'USDC')!;
}

/** The index at which the account key derives `address` (the sweeper's view), or -1. */
function derivationIndex(address: string): number {
  for (let i = 0; i < 500; i += 1) {
    const key = account.deriveChild(0).deriveChild(i);
    if (privateKeyToAccount(`0x${Buffer.from(key.privateKey!).toString('hex')}`).address === address) return i;
  }
  return -1;
}

const scan = () => scanChainDeposits(services, logger);

describe('EVM deposits', () => {
  it('a sell by deposit gets its own derived address; the transfer counts once its block is final, and pays out', async () => {
    const { user, order } = await placeSell('20');
    const address = order.depositAddress!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The private side of the configured key spends from it: the funds can be swept.
    expect(derivationIndex(address)).toBeGreaterThanOrEqual(0);
    const another = await placeSell('20');
    expect(another.order.depositAddress).not.toBe(address);

    const customer = await customerWallet(100n);
    const hash = await customer.send(address, 20_000_000n);
    expect(await setup.node.balanceOf(setup.token, address as Address)).toBe(20_000_000n);
    // Mined, not yet final: nothing is credited.
    await scan();
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'awaiting_deposit' });
    expect((await usdcOf(user.token)).settled).toBe('0.000000');

    await setup.node.mine(CONFIRMATIONS - 1);
    expect(await scan()).toMatchObject({ credited: 1, unmatched: 0 });
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'deposit_received', txHash: hash });
    expect(await usdcOf(user.token)).toMatchObject({ settled: '20.000000', held: '20.000000', available: '0.000000' });

    // Read again, by two workers at once: nothing more.
    await setup.node.mine(2);
    const again = await Promise.all([scan(), scan()]);
    expect(again.reduce((sum, s) => sum + s.credited, 0)).toBe(0);
    expect(await usdcOf(user.token)).toMatchObject({ settled: '20.000000' });

    expect(await runPayout(ctx, order.orderId)).toBe('moved');
    const paid = await orderOf(user.token, order.orderId);
    expect(paid).toMatchObject({
      status: 'completed',
      txHash: hash,
      confirmations: CONFIRMATIONS,
      requiredConfirmations: CONFIRMATIONS,
    });
    expect(Number((await k.holdings(user.token)).available)).toBeGreaterThan(19);
    expect(await usdcOf(user.token)).toMatchObject({ settled: '0.000000' });
  });

  it('less than the order waits for the rest; more pays the order and leaves the rest in the holdings', async () => {
    const customer = await customerWallet(100n);
    const short = await placeSell('20');
    await customer.send(short.order.depositAddress!, 5_000_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    await scan();
    // The order's page says what has arrived so far.
    expect(await orderOf(short.user.token, short.order.orderId)).toMatchObject({
      status: 'awaiting_deposit',
      depositReceived: '5.000000',
    });
    expect(await usdcOf(short.user.token)).toMatchObject({ settled: '5.000000', available: '5.000000' });
    const rest = await customer.send(short.order.depositAddress!, 15_000_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    await scan();
    expect(await orderOf(short.user.token, short.order.orderId)).toMatchObject({
      status: 'deposit_received',
      txHash: rest,
    });
    expect(await usdcOf(short.user.token)).toMatchObject({
      settled: '20.000000',
      held: '20.000000',
      available: '0.000000',
    });

    const over = await placeSell('20');
    await customer.send(over.order.depositAddress!, 25_500_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    await scan();
    expect(await orderOf(over.user.token, over.order.orderId)).toMatchObject({ status: 'deposit_received' });
    expect(await usdcOf(over.user.token)).toMatchObject({
      settled: '25.500000',
      held: '20.000000',
      available: '5.500000',
    });
  });

  it('a deposit undone by a reorganisation before it is final is never credited; sent again, it is credited once', async () => {
    const testClient = createTestClient({ chain: chain(), mode: 'hardhat', transport: http(setup.node.rpcUrl) });
    const customer = await customerWallet(100n);
    const { user, order } = await placeSell('10');
    await scan();
    const snapshot = await testClient.snapshot();
    await customer.send(order.depositAddress!, 10_000_000n);
    await setup.node.mine(CONFIRMATIONS - 2);
    await scan();
    // The chain drops the block with the deposit, then grows past the depth without it.
    await testClient.revert({ id: snapshot });
    await setup.node.mine(CONFIRMATIONS + 1);
    await scan();
    expect(await setup.node.balanceOf(setup.token, order.depositAddress as Address)).toBe(0n);
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'awaiting_deposit' });
    expect((await usdcOf(user.token)).settled).toBe('0.000000');

    const hash = await customer.send(order.depositAddress!, 10_000_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    expect(await scan()).toMatchObject({ credited: 1 });
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'deposit_received', txHash: hash });
    expect(await usdcOf(user.token)).toMatchObject({ settled: '10.000000' });
  });

  it("a holdings deposit address on Ethereum is derived too, and a transfer to it lands in the user's holdings once", async () => {
    const user = await k.openedUser('0', 'evm-holdings');
    const asked = await k.call('/api/holdings/deposit-address', {
      token: user.token,
      body: { network: 'ethereum', assetTicker: 'USDC' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const { deposit } = AssetDepositAddressReply.parse(asked.body);
    expect(deposit).toMatchObject({ network: 'ethereum', memo: null });
    expect(derivationIndex(deposit.address)).toBeGreaterThanOrEqual(0);
    const again = await k.call('/api/holdings/deposit-address', {
      token: user.token,
      body: { network: 'ethereum', assetTicker: 'USDC' },
    });
    expect(AssetDepositAddressReply.parse(again.body).deposit.address).toBe(deposit.address);

    const customer = await customerWallet(10n);
    await customer.send(deposit.address, 7_250_000n);
    await customer.send(deposit.address, 1_000_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    expect(await scan()).toMatchObject({ credited: 2, unmatched: 0 });
    expect(await scan()).toMatchObject({ credited: 0 });
    expect(await usdcOf(user.token)).toMatchObject({ settled: '8.250000', available: '8.250000' });
  });

  it('a transfer to an address that is not a deposit address credits nobody', async () => {
    const customer = await customerWallet(10n);
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await customer.send(stranger, 1_000_000n);
    await setup.node.mine(CONFIRMATIONS);
    expect(await scan()).toEqual({ credited: 0, unmatched: 0 });
  });

  it("the worker's loop reads the deposits by itself", async () => {
    const customer = await customerWallet(20n);
    const { user, order } = await placeSell('12');
    await customer.send(order.depositAddress!, 12_000_000n);
    await setup.node.mine(CONFIRMATIONS - 1);
    const loop = await startWorkLoop(services, logger);
    try {
      // The loop looks every EVM_CONFIRMATION_POLL_SECONDS (1 s here) and works the payout job it queues.
      const deadline = Date.now() + 60_000;
      let status = order.status;
      while (status !== 'completed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await orderOf(user.token, order.orderId)).status;
      }
      expect(status).toBe('completed');
    } finally {
      await loop.stop();
    }
  });
});
