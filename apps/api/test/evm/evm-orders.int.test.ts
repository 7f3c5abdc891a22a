import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AssetWithdrawalReply, OrderReply, RAMP_QUOTE_MESSAGES, RampQuoteReply } from '@rampart/contracts';
import { createTestClient, createWalletClient, erc20Abi, http, parseAbiItem, type Address, type Hex } from 'viem';
import { hardhat } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { runAdmin } from '../../src/admin/run-admin';
import { manualClock, systemClock } from '../../src/lib/clock';
import { runConfirmWithdrawal, runSendWithdrawal } from '../../src/modules/holdings';
import {
  runAwaitFunds,
  runConfirmation,
  runDelivery,
  sweepDueOrders,
  type OrdersContext,
} from '../../src/modules/orders';
import { createProviders } from '../../src/services';
import { createEvmChainGateway } from '../../src/providers/chain-gateway/evm';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import { START, XRPL_ADDRESS } from '../kits/ramp-test-fixtures';
import { testConfig } from '../helpers';
import { wholeUnits } from '../../src/admin/hot-wallets';
import {
  DEPLOYER_KEY,
  TEST_STABLECOIN_ABI,
  startLocalEvmSetup,
  startSwitchableRpcProxy,
  type LocalEvmSetup,
  type SwitchableRpcProxy,
} from './local-node';

// The app built by the composition root with Ethereum configured for a local node (Hardhat's network): buys on
// Ethereum are real ERC-20 transfers through the orders flow, every other network stays on the sandbox.
let setup: LocalEvmSetup;
let proxy: SwitchableRpcProxy;
let k: TransferKit;
let ctx: OrdersContext;
let env: Record<string, string>;
const clock = manualClock(START);
let counter = 0;
const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

beforeAll(async () => {
  setup = await startLocalEvmSetup();
  proxy = await startSwitchableRpcProxy(setup.node.rpcUrl);
  env = {
    EVM_NETWORKS: 'ethereum',
    EVM_ETHEREUM_RPC_URL: proxy.rpcUrl,
    EVM_ETHEREUM_CHAIN_ID: String(setup.node.chainId),
    EVM_ETHEREUM_CONFIRMATIONS: '2',
    EVM_ETHEREUM_HOT_WALLET_KEY: setup.hotWalletKey,
    EVM_ETHEREUM_TOKENS: `USDC=${setup.token}`,
    // The wallet holds 1,000,000 USDC and 100 ETH: low in USDC, not in ETH.
    EVM_ETHEREUM_LOW_BALANCE: 'USDC=2000000,ETH=1.5',
    // A stuck delivery is replaced after a second (the replacement's test waits on its condition, not on this).
    EVM_ETHEREUM_REPLACE_AFTER_SECONDS: '1',
    // USDC is switched off for buying by default (document 2's flags).
    FEATURE_FLAGS: JSON.stringify({ assetsDisabledForBuyingAndTrading: [], assetsAddition: true }),
  };
  k = await createTransferKit({ clock, env });
  ctx = k.t.services.orders;
}, 120_000);

afterEach(async () => {
  await proxy.up().catch(() => undefined);
  await k.invariants();
});

afterAll(async () => {
  await k?.close();
  await proxy?.close();
  await setup?.node.stop();
});

function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

/** A buy of `amount` USD of USDC on `network` to `address`, placed from the USD balance: funds_received. */
async function placeBuy(network: string, address: string, ticker = 'USDC') {
  const user = await k.openedUser('100', 'evm');
  const body = {
    buyAssetTicker: ticker,
    buyNetwork: network,
    buyAddress: address,
    sellAssetTicker: 'USD',
    sellNetwork: 'primex_usd',
    sellAmountTotal: '10',
    sellDeliveryMethod: 'payment_method',
    sellAddress: 'USD balance',
    idemId: `evm-${(counter += 1)}-${Date.now()}`,
  };
  const quoted = await k.call('/api/ramp/quote', { token: user.token, body });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const { quote } = RampQuoteReply.parse(quoted.body);
  const placed = await k.placeOrder(user.token, quote.quoteId);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const { order } = OrderReply.parse(placed.body);
  expect(order.status).toBe('funds_received');
  // Whole USDC with up to 6 decimals -> minor units.
  const [whole = '0', fraction = ''] = order.receiveAmount.split('.');
  return { user, order, minor: BigInt(whole + fraction.padEnd(6, '0')) };
}

async function orderOf(token: string, orderId: string) {
  const res = await k.call('/api/ramp/order-get', { token, body: { orderId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return OrderReply.parse(res.body).order;
}

/**
 * The pending transaction `hash` (at `nonce`) is priced out: the market's fee rises past what it offers, and the next
 * block leaves it in the pool. Automine must be off. Returns it as the node has it.
 */
async function pricedOut(hash: Hex, nonce: number) {
  const first = await setup.node.client.getTransaction({ hash });
  expect(first).toMatchObject({ nonce, blockNumber: null });
  await setup.node.setNextBlockBaseFeePerGas(first.maxFeePerGas! * 4n);
  await setup.node.mine(1);
  expect(await setup.node.client.getTransaction({ hash })).toMatchObject({ blockNumber: null });
  return first;
}

async function hotNonce(): Promise<number> {
  return setup.node.client.getTransactionCount({ address: setup.hotWallet, blockTag: 'pending' });
}

describe('EVM settlement wired by configuration', () => {
  it('a buy on Ethereum is an ERC-20 transfer on the node, confirmed from its blocks', async () => {
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    const sent = await orderOf(user.token, order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    const receipt = await setup.node.client.getTransactionReceipt({ hash: sent.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
    // Mined in its own block: one confirmation of the two required.
    expect(await runConfirmation(ctx, order.orderId)).toBe('not-due');
    await setup.node.mine(1);
    expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    const done = await orderOf(user.token, order.orderId);
    // The order counts the network's configured confirmations, not the sandbox's table.
    expect(done).toMatchObject({
      status: 'completed',
      txHash: sent.txHash,
      confirmations: 2,
      requiredConfirmations: 2,
    });
  });

  it('an order confirmed late, the chain already past the depth, shows its confirmations out of the required ones', async () => {
    const { user, order } = await placeBuy('ethereum', freshAddress());
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    await setup.node.mine(4);
    expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    // "2 of 2 confirmations", never "5 of 2".
    expect(await orderOf(user.token, order.orderId)).toMatchObject({
      status: 'completed',
      confirmations: 2,
      requiredConfirmations: 2,
    });
  });

  it('a network not configured stays on the sandbox gateway', async () => {
    const { user, order } = await placeBuy('xrpl', XRPL_ADDRESS, 'USDS');
    const nonce = await hotNonce();
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({
      status: 'delivering',
      txHash: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    expect(await hotNonce()).toBe(nonce);
  });

  it('a node that cannot be reached leaves the order waiting; it is delivered once when the node is back', async () => {
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);
    const nonce = await hotNonce();
    await proxy.down();
    // The job's run throws (the queue retries it with back-off); nothing moved, nothing stored or sent.
    await expect(runDelivery(ctx, order.orderId)).rejects.toThrow();
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'funds_received', txHash: null });
    // The sweep reports the order and goes on with the others.
    const swept = await sweepDueOrders(ctx);
    expect(swept.failed.map((f) => f.orderId)).toContain(order.orderId);
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'funds_received' });
    await proxy.up();
    const again = await sweepDueOrders(ctx);
    expect(again.failed).toEqual([]);
    const sent = await orderOf(user.token, order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    // Exactly one transfer: one nonce used, the amount arrived once; a late retry of the job finds nothing to do.
    expect(await runDelivery(ctx, order.orderId)).toBe('nothing');
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
  });

  it('a sell or a deposit address on an EVM network, which takes no deposits yet, is a clear 400 and changes nothing', async () => {
    const user = await k.openedUser('0', 'evm-sell');
    const quoted = await k.call('/api/ramp/quote', {
      token: user.token,
      body: {
        sellAssetTicker: 'USDC',
        sellNetwork: 'ethereum',
        sellAmountTotal: '20',
        sellDeliveryMethod: 'deposit',
        buyAssetTicker: 'USD',
        buyNetwork: 'primex_usd',
        buyAddress: 'USD balance',
        idemId: `evm-sell-${Date.now()}`,
      },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const { quote } = RampQuoteReply.parse(quoted.body);
    const placed = await k.placeOrder(user.token, quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(400);
    expect(placed.body).toMatchObject({
      code: 'validation_failed',
      errors: { fields: { sellNetwork: RAMP_QUOTE_MESSAGES.depositsUnavailable } },
    });
    const orders = await k.call('/api/ramp/orders', { token: user.token, body: {} });
    expect(orders.body).toMatchObject({ orders: [] });

    const address = await k.call('/api/holdings/deposit-address', {
      token: user.token,
      body: { network: 'ethereum', assetTicker: 'USDC' },
    });
    expect(address.status, JSON.stringify(address.body)).toBe(400);
    expect(address.body).toMatchObject({ errors: { fields: { network: RAMP_QUOTE_MESSAGES.depositsUnavailable } } });
  });

  it('the start checks the chain id and the decimals against the node, and never shows the key', async () => {
    const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const wrongChain = createProviders(testConfig({ ...env, EVM_ETHEREUM_CHAIN_ID: '1' }), k.t.db, logger);
    await expect(wrongChain).rejects.toThrow(/ethereum: the node at the configured RPC URL is chain 31337, not 1/);
    const wrongDecimals = createProviders(
      testConfig({ ...env, EVM_ETHEREUM_TOKENS: `ETH=${setup.token}`, EVM_ETHEREUM_LOW_BALANCE: '' }),
      k.t.db,
      logger,
    );
    const error = (await wrongDecimals.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/ETH at 0x[0-9a-fA-F]{40} has 6 decimals, not 9/);
    const chainError = (await wrongChain.catch((e: unknown) => e)) as Error;
    for (const e of [error, chainError]) {
      expect(`${e.message}\n${e.stack}`).not.toContain(setup.hotWalletKey.slice(2));
    }
  });

  it('the operator sees the hot wallet: token and gas balances, with a warning below the threshold', async () => {
    const { code, stdout, stderr } = await admin('hot-wallets');
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/ethereum\s+USDC\s+token\s+\d+(\.\d+)?\s+2000000\s+LOW\s+0x[0-9a-fA-F]{40}/);
    expect(stdout).toMatch(/ethereum\s+ETH\s+native\s+\d+(\.\d+)?\s+1\.5\s+ok/);
    expect(stdout).toMatch(/WARNING: ethereum USDC is low: \d+(\.\d+)? \(below 2000000\)/);
    expect(stdout).not.toContain(setup.hotWalletKey.slice(2));
    const json = await admin('hot-wallets', '--json');
    const { hotWallets } = JSON.parse(json.stdout) as {
      hotWallets: { asset: string; balance: string; low: boolean }[];
    };
    const onChain = await setup.node.balanceOf(setup.token, setup.hotWallet);
    const usdc = hotWallets.find((w) => w.asset === 'USDC');
    expect(usdc).toMatchObject({ low: true });
    expect(usdc!.balance).toBe(wholeUnits(onChain, 6));
    expect(hotWallets.find((w) => w.asset === 'ETH')).toMatchObject({ low: false });
  });

  it('/api/metrics reports the hot wallet balances and which are low', async () => {
    const res = await k.t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/rampart_hot_wallet_balance\{network="ethereum",asset="USDC",kind="token"\} \d/);
    expect(res.body).toMatch(/rampart_hot_wallet_balance\{network="ethereum",asset="ETH",kind="native"\} \d/);
    expect(res.body).toContain('rampart_hot_wallet_low{network="ethereum",asset="USDC",kind="token"} 1');
    expect(res.body).toContain('rampart_hot_wallet_low{network="ethereum",asset="ETH",kind="native"} 0');
    expect(res.body).toContain('rampart_hot_wallets_up 1');
    // A node down does not hold the scrape: the balances are missing and say so.
    await proxy.down();
    const down = await k.t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(down.statusCode).toBe(200);
    expect(down.body).toContain('rampart_hot_wallets_up 0');
    expect(down.body).not.toContain('rampart_hot_wallet_balance{');
  });

  /** A held USDC withdrawal of 12.5 to a fresh Ethereum address, requested and confirmed by its link: pending. */
  async function confirmedWithdrawal() {
    const user = await k.openedUser('0', 'evm-withdraw');
    const deposited = await k.call('/api/primetrust-sandbox-asset-deposit', {
      token: user.token,
      body: { assetTicker: 'USDC', amount: '50' },
    });
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);
    const challenge = await k.call('/api/holdings/withdraw-challenge', { token: user.token, body: {} });
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
    const code = /\b(\d{6})\b/.exec((await k.outbox(user.email))[0]?.text ?? '')?.[1] ?? '';
    const to = freshAddress();
    const requested = await k.call('/api/holdings/withdraw', {
      token: user.token,
      body: { assetTicker: 'USDC', network: 'ethereum', amount: '12.5', address: to, code },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const { withdrawal } = AssetWithdrawalReply.parse(requested.body);
    const mail = (await k.outbox(user.email)).find((m) => /withdraw-asset\/confirm\?token=/.test(m.text));
    const link = /withdraw-asset\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const confirmed = await k.call('/api/holdings/confirm-withdrawal', { token: user.token, body: { token: link } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return { withdrawal, to };
  }

  it('a held asset withdrawn to an Ethereum address is a transfer on the node too', async () => {
    const { withdrawal, to } = await confirmedWithdrawal();
    const withdrawals = k.t.services.assetWithdrawals;
    expect(await runSendWithdrawal(withdrawals, withdrawal.withdrawalId)).toBe('moved');
    expect(await setup.node.balanceOf(setup.token, to)).toBe(12_500_000n);
    const { rows } = await k.t.db.query<{ status: string; tx_hash: string }>(
      'SELECT status, tx_hash FROM asset_withdrawals WHERE id = $1',
      [withdrawal.withdrawalId],
    );
    expect(rows[0]).toMatchObject({ status: 'sending', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await runSendWithdrawal(withdrawals, withdrawal.withdrawalId)).toBe('nothing');
  });

  /**
   * An ACH-paid buy on Ethereum whose deposit has settled (funds_received), and a gateway that lets the bank return
   * that deposit at the worst moment: after the transfer was signed, stored and broadcast, before the order's own
   * transaction records it (runDelivery's window, decision 085).
   */
  async function achBuyReversedWhileSending(extraUsd: string) {
    const user = await k.openedUser(extraUsd, 'evm-race');
    const bank = await k.addBank(user.token);
    const to = freshAddress();
    const quoted = await k.call('/api/ramp/quote', {
      token: user.token,
      body: {
        buyAssetTicker: 'USDC',
        buyNetwork: 'ethereum',
        buyAddress: to,
        sellAssetTicker: 'USD',
        sellNetwork: 'primex_ach',
        sellAmountTotal: '10',
        sellDeliveryMethod: 'payment_method',
        sellAddress: bank,
        idemId: `evm-race-${(counter += 1)}-${Date.now()}`,
      },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const placed = await k.placeOrder(user.token, RampQuoteReply.parse(quoted.body).quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = OrderReply.parse(placed.body);
    expect(order.status).toBe('awaiting_funds');
    const settled = await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', {
      token: user.token,
      body: {},
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(await runAwaitFunds(ctx, order.orderId)).toBe('moved');
    const funded = await orderOf(user.token, order.orderId);
    expect(funded.status).toBe('funds_received');
    const [whole = '0', fraction = ''] = funded.receiveAmount.split('.');
    const minor = BigInt(whole + fraction.padEnd(6, '0'));

    const nonce = await hotNonce();
    let reversal: { status: number; body: unknown } | null = null;
    const racing: OrdersContext = {
      ...ctx,
      gateway: {
        ...ctx.gateway,
        deliver: async (input) => {
          const sent = await ctx.gateway.deliver(input);
          // The asset has left the hot wallet: the bank's return arrives now.
          reversal = await k.call('/api/primetrust-sandbox-reverse-last-ach-contribution', {
            token: user.token,
            body: {},
          });
          return sent;
        },
      },
    };
    expect(await runDelivery(racing, order.orderId)).toBe('moved');
    expect(reversal).not.toBeNull();
    return { user, order, to, minor, nonce, reversal: reversal! as { status: number; body: unknown } };
  }

  it('an ACH deposit returned while its buy is being sent does not refund the buy: the asset went out once', async () => {
    const { user, order, to, minor, nonce, reversal } = await achBuyReversedWhileSending('0');
    // The order holds every cent of the deposit: the ledger cannot take it back (decision 015's 409), the order
    // keeps it and goes on to the chain, and the operator sees the refused return.
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(409);
    expect(reversal.body).toMatchObject({ code: 'transfer_not_reversible' });
    const sent = await orderOf(user.token, order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await setup.node.mine(1);
    expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'completed', txHash: sent.txHash });
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    expect((await k.holdings(user.token)).settled).toBe('0.00');
  });

  it('an ACH deposit returned while its buy is being sent, from a balance with other money: the return takes that money, the buy completes', async () => {
    const { user, order, to, minor, nonce, reversal } = await achBuyReversedWhileSending('25');
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
    const sent = await orderOf(user.token, order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await setup.node.mine(1);
    expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'completed' });
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    // The return took back the deposit's $9.95 (the $10 paid less its ACH fee) from the $25 of other money; the
    // buy was not refunded.
    expect((await k.holdings(user.token)).settled).toBe('15.05');
  });

  it('a delivery stuck below the market fee is replaced with its nonce and higher fees; one transfer lands, the order completes with the mined hash', async () => {
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);
    const nonce = await hotNonce();
    await setup.node.setAutomine(false);
    try {
      expect(await runDelivery(ctx, order.orderId)).toBe('moved');
      const sent = await orderOf(user.token, order.orderId);
      expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      const first = await pricedOut(sent.txHash as Hex, nonce);

      // The confirmation job looks until the configured wait (1 s here) is over: then the transfer is signed again.
      const replaced = await waitFor(
        async () => {
          await runConfirmation(ctx, order.orderId);
          return stateOf(order.orderId);
        },
        (o) => o?.tx_hash !== first.hash,
        'the stuck transaction replaced',
      );
      const second = await setup.node.client.getTransaction({ hash: replaced!.tx_hash as Hex });
      expect(second.nonce).toBe(nonce);
      expect(second.maxFeePerGas! >= (first.maxFeePerGas! * 11n) / 10n).toBe(true);
      expect(second.maxPriorityFeePerGas! >= (first.maxPriorityFeePerGas! * 11n) / 10n).toBe(true);
      // Both signed versions are kept, so a receipt of either is found.
      const { rows: versions } = await k.t.db.query<{ tx_hash: string }>(
        "SELECT tx_hash FROM evm_transfer_versions WHERE network = 'ethereum' AND reference = $1 ORDER BY signed_at",
        [order.orderId],
      );
      expect(versions.map((v) => v.tx_hash)).toEqual([first.hash, second.hash]);

      await setup.node.mine(2);
      expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
      const done = await orderOf(user.token, order.orderId);
      expect(done).toMatchObject({ status: 'completed', txHash: second.hash, confirmations: 2 });
      await expect(setup.node.client.getTransactionReceipt({ hash: first.hash })).rejects.toThrow();
      expect(await hotNonce()).toBe(nonce + 1);
      expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    } finally {
      await setup.node.setAutomine(true);
    }
  });

  it('a reorganisation drops the delivered transaction before it is final: the order does not complete on it, the stored transaction is sent again and completes once', async () => {
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);
    const forkPoint = await setup.node.snapshot();
    const before = await setup.node.client.getBlockNumber({ cacheTime: 0 });
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    const sent = await orderOf(user.token, order.orderId);
    const dropped = await setup.node.client.getTransactionReceipt({ hash: sent.txHash as Hex });
    expect(dropped.blockNumber).toBe(before + 1n);
    // One confirmation of the two: not final yet.
    expect(await runConfirmation(ctx, order.orderId)).toBe('not-due');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'delivering', confirmations: 1 });

    // The chain reorganises from before the delivery's block onto a longer branch without it.
    await setup.node.revert(forkPoint);
    await setup.node.mine(3);
    expect(await setup.node.client.getBlockNumber({ cacheTime: 0 })).toBe(before + 3n);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(0n);
    // A later buy from the same wallet, delivered before the order is looked at again, takes the next nonce: it
    // waits in the pool behind the dropped one (automine off: Hardhat refuses a nonce gap when automining).
    const later = await placeBuy('ethereum', freshAddress());
    const nonce = await setup.node.client.getTransactionCount({ address: setup.hotWallet });
    await setup.node.setAutomine(false);
    try {
      expect(await runDelivery(ctx, later.order.orderId)).toBe('moved');
      // The order is followed, never completed on a block that is gone; the stored bytes go out again and land.
      await waitFor(
        async () => {
          await runConfirmation(ctx, order.orderId);
          const state = await orderOf(user.token, order.orderId);
          expect(state.status).not.toBe('failed');
          if (state.status === 'completed') {
            const receipt = await setup.node.client.getTransactionReceipt({ hash: state.txHash as Hex });
            // Completed only once its own block, on this branch, has the confirmations.
            expect(receipt.blockNumber).toBeGreaterThan(before + 3n);
          }
          await setup.node.mine(1);
          return state;
        },
        (state) => state.status === 'completed',
        'the dropped delivery sent again and final',
      );
    } finally {
      await setup.node.setAutomine(true);
    }
    const done = await orderOf(user.token, order.orderId);
    expect(done).toMatchObject({ status: 'completed', confirmations: 2 });
    const receipt = await setup.node.client.getTransactionReceipt({ hash: done.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.blockNumber).toBeGreaterThan(before + 3n);
    // Exactly one transfer to the buyer on the chain as it stands, for exactly the amount.
    const transfers = await setup.node.client.getLogs({
      address: setup.token,
      event: TRANSFER_EVENT,
      args: { to },
      fromBlock: 0n,
      toBlock: 'latest',
    });
    expect(transfers.map((t) => t.transactionHash)).toEqual([done.txHash]);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    expect(await runConfirmation(ctx, order.orderId)).toBe('nothing');
    // The later buy lands behind it, once: the dropped nonce and the next one each used once.
    await waitFor(
      async () => {
        await runConfirmation(ctx, later.order.orderId);
        await setup.node.mine(1);
        return orderOf(later.user.token, later.order.orderId);
      },
      (state) => state.status === 'completed',
      'the later buy completed',
    );
    expect(await setup.node.balanceOf(setup.token, later.order.buyAddress as Address)).toBe(later.minor);
    expect(await setup.node.client.getTransactionCount({ address: setup.hotWallet })).toBe(nonce + 2);
  });

  it('an asset withdrawal stuck below the market fee is replaced too, completes with the mined hash, and the wallet delivers again', async () => {
    const { withdrawal, to } = await confirmedWithdrawal();
    const withdrawals = k.t.services.assetWithdrawals;
    const nonce = await hotNonce();
    const withdrawalOf = async () =>
      (
        await k.t.db.query<{ status: string; tx_hash: string }>(
          'SELECT status, tx_hash FROM asset_withdrawals WHERE id = $1',
          [withdrawal.withdrawalId],
        )
      ).rows[0];
    await setup.node.setAutomine(false);
    try {
      expect(await runSendWithdrawal(withdrawals, withdrawal.withdrawalId)).toBe('moved');
      const sent = await withdrawalOf();
      expect(sent).toMatchObject({ status: 'sending' });
      const first = await pricedOut(sent!.tx_hash as Hex, nonce);

      // The withdrawal's confirmation job follows it as the order's does: past the configured wait, signed again.
      const replaced = await waitFor(
        async () => {
          await runConfirmWithdrawal(withdrawals, withdrawal.withdrawalId);
          return withdrawalOf();
        },
        (w) => w?.tx_hash !== first.hash,
        'the stuck withdrawal replaced',
      );
      const second = await setup.node.client.getTransaction({ hash: replaced!.tx_hash as Hex });
      expect(second.nonce).toBe(nonce);
      expect(second.maxFeePerGas! >= (first.maxFeePerGas! * 11n) / 10n).toBe(true);

      await setup.node.mine(2);
      expect(await runConfirmWithdrawal(withdrawals, withdrawal.withdrawalId)).toBe('moved');
      expect(await withdrawalOf()).toMatchObject({ status: 'completed', tx_hash: second.hash });
      await expect(setup.node.client.getTransactionReceipt({ hash: first.hash })).rejects.toThrow();
      expect(await setup.node.balanceOf(setup.token, to)).toBe(12_500_000n);
    } finally {
      await setup.node.setAutomine(true);
    }
    // The nonce is spent once: a later buy from the same wallet takes the next one and is mined.
    const buyer = freshAddress();
    const { order, minor } = await placeBuy('ethereum', buyer);
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    expect(await hotNonce()).toBe(nonce + 2);
    expect(await setup.node.balanceOf(setup.token, buyer)).toBe(minor);
  });

  it('50 buys delivered at once, each asked twice: 50 nonces used once each, every order completed, every balance exact', async () => {
    const before = await hotNonce();
    const buys: Awaited<ReturnType<typeof placeBuy>>[] = [];
    const addresses = Array.from({ length: 50 }, () => freshAddress());
    // Placed ten at a time: the point is the deliveries' concurrency, not the sign-ins'.
    for (let i = 0; i < addresses.length; i += 10) {
      buys.push(...(await Promise.all(addresses.slice(i, i + 10).map((to) => placeBuy('ethereum', to)))));
    }
    // Every delivery at once, and each twice (the queue's job and the sweep, say): one of the two records it.
    const outcomes = await Promise.all(
      buys.flatMap(({ order }) => [runDelivery(ctx, order.orderId), runDelivery(ctx, order.orderId)]),
    );
    for (let i = 0; i < buys.length; i += 1) {
      expect([outcomes[2 * i], outcomes[2 * i + 1]].sort()).toEqual(['moved', 'nothing']);
    }
    const sent = await Promise.all(buys.map(({ user, order }) => orderOf(user.token, order.orderId)));
    const hashes = sent.map((o) => o.txHash as Hex);
    expect(new Set(hashes).size).toBe(50);
    const receipts = await Promise.all(
      hashes.map((hash) =>
        setup.node.client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 120_000 }),
      ),
    );
    expect(receipts.every((r) => r.status === 'success')).toBe(true);
    const transactions = await Promise.all(hashes.map((hash) => setup.node.client.getTransaction({ hash })));
    expect(transactions.map((t) => t.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => before + i),
    );
    expect(await hotNonce()).toBe(before + 50);

    await setup.node.mine(1);
    for (const { order } of buys) expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    const done = await Promise.all(buys.map(({ user, order }) => orderOf(user.token, order.orderId)));
    expect(done.map((o) => o.status)).toEqual(buys.map(() => 'completed'));
    const balances = await Promise.all(
      buys.map(({ order }) => setup.node.balanceOf(setup.token, order.buyAddress as Address)),
    );
    expect(balances).toEqual(buys.map((b) => b.minor));
  }, 600_000);

  it('the API killed between storing a delivery and broadcasting it: after the restart the order sends the stored transaction, once', async () => {
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);
    const nonce = await hotNonce();
    // The process that dies: its gateway stores the signed transfer, then the process ends before the broadcast.
    const dying = createEvmChainGateway({
      db: k.t.db,
      networks: k.t.config.evm.networks,
      afterStore: () => {
        throw new Error('killed before broadcasting');
      },
    });
    await expect(runDelivery({ ...ctx, gateway: dying }, order.orderId)).rejects.toThrow(/killed/);
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'funds_received', txHash: null });
    const { rows: stored } = await k.t.db.query<{ tx_hash: string; broadcast_at: Date | null }>(
      "SELECT tx_hash, broadcast_at FROM evm_transfers WHERE network = 'ethereum' AND reference = $1",
      [order.orderId],
    );
    expect(stored).toEqual([{ tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), broadcast_at: null }]);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(0n);

    // The restarted API (the app's own gateway, a new instance): its sweep takes the order up again.
    const swept = await sweepDueOrders(ctx);
    expect(swept.failed).toEqual([]);
    const sent = await orderOf(user.token, order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: stored[0]!.tx_hash });
    expect(await runDelivery(ctx, order.orderId)).toBe('nothing');
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
    await setup.node.mine(1);
    expect(await runConfirmation(ctx, order.orderId)).toBe('moved');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'completed', txHash: sent.txHash });
  });

  it('a hot wallet short of the token, then of gas: the order waits, nothing lands; once funded it is delivered once', async () => {
    const chain = { ...hardhat, id: setup.node.chainId, rpcUrls: { default: { http: [setup.node.rpcUrl] } } };
    const transport = http(setup.node.rpcUrl);
    const hot = createWalletClient({ chain, transport, account: privateKeyToAccount(setup.hotWalletKey) });
    const deployer = createWalletClient({ chain, transport, account: privateKeyToAccount(DEPLOYER_KEY) });
    const testClient = createTestClient({ chain, transport, mode: 'hardhat' });
    const to = freshAddress();
    const { user, order, minor } = await placeBuy('ethereum', to);

    // Every token of the hot wallet moved out (by its operator, outside the app).
    const held = await setup.node.balanceOf(setup.token, setup.hotWallet);
    const parked = await hot.writeContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [freshAddress(), held],
    });
    await setup.node.client.waitForTransactionReceipt({ hash: parked });
    const nonce = await hotNonce();
    // The job's run throws (the queue retries it with back-off): nothing signed, no nonce taken, the order waits.
    await expect(runDelivery(ctx, order.orderId)).rejects.toThrow();
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'funds_received', txHash: null });
    expect(await storedTransfers(order.orderId)).toBe(0);
    const warned = await admin('hot-wallets');
    expect(warned.stdout).toMatch(/WARNING: ethereum USDC is low: 0 \(below 2000000\)/);

    // Tokens back, but no ether for the gas: the transfer is signed and stored, the node refuses it, the order waits.
    const minted = await deployer.writeContract({
      address: setup.token,
      abi: TEST_STABLECOIN_ABI,
      functionName: 'mint',
      args: [setup.hotWallet, held],
    });
    await setup.node.client.waitForTransactionReceipt({ hash: minted });
    const ether = await setup.node.client.getBalance({ address: setup.hotWallet });
    await testClient.setBalance({ address: setup.hotWallet, value: 0n });
    await expect(runDelivery(ctx, order.orderId)).rejects.toThrow();
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'funds_received', txHash: null });
    expect(await setup.node.balanceOf(setup.token, to)).toBe(0n);
    expect((await admin('hot-wallets')).stdout).toMatch(/WARNING: ethereum ETH is low: 0 \(below 1\.5\)/);

    // Funded again: the next try delivers, once, with the nonce it was given.
    await testClient.setBalance({ address: setup.hotWallet, value: ether });
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    expect(await runDelivery(ctx, order.orderId)).toBe('nothing');
    expect(await orderOf(user.token, order.orderId)).toMatchObject({ status: 'delivering' });
    expect(await storedTransfers(order.orderId)).toBe(1);
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
  });

  // Last: it starts the queue's workers, which then work every job the tests above left queued.
  it('through the queue: an unreachable node puts the delivery job in retry, shown to the operator; it delivers once when the node is back', async () => {
    const to = freshAddress();
    const nonce = await hotNonce();
    await proxy.down();
    const { order, minor } = await placeBuy('ethereum', to);
    // The queue schedules by the database's clock: the test clock joins it, or the earlier orders' confirmation jobs,
    // due at the test clock's time (days ago for the database), would be run again and again at once.
    clock.set(new Date());
    await k.t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
    const retrying = await waitFor(
      async () => {
        const { stdout } = await admin('jobs', '--retrying', '--json');
        const { retryingJobs } = JSON.parse(stdout) as {
          retryingJobs: { name: string; data: unknown; error: string | null }[];
        };
        return retryingJobs.find((j) => JSON.stringify(j.data).includes(order.orderId)) ?? null;
      },
      (job) => job !== null,
      'the delivery job in retry',
    );
    expect(retrying).toMatchObject({ name: 'orders.deliver', error: expect.any(String) });
    expect(await stateOf(order.orderId)).toMatchObject({ status: 'funds_received' });
    await proxy.up();
    const sent = await waitFor(
      () => stateOf(order.orderId),
      (o) => o?.status !== 'funds_received',
      'the delivery once the node is back',
      120_000,
    );
    expect(sent).toMatchObject({ status: 'delivering', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(minor);
  }, 180_000);
});

/** The order's row (the user's access token has run out once the test clock joined the real time). */
async function stateOf(orderId: string) {
  const { rows } = await k.t.db.query<{ status: string; tx_hash: string | null }>(
    'SELECT status, tx_hash FROM ramp_orders WHERE id = $1',
    [orderId],
  );
  return rows[0];
}

/** How many transactions the gateway stored for an order (its reference). */
async function storedTransfers(orderId: string): Promise<number> {
  const { rows } = await k.t.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM evm_transfers WHERE reference = $1',
    [orderId],
  );
  return Number(rows[0]!.n);
}

/** runAdmin on the app's own database and providers, its output captured. */
async function admin(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const ctx = {
    db: k.t.db,
    jobs: k.t.jobs,
    clock: systemClock,
    config: k.t.config,
    hotWallets: k.t.services.providers.evmGateway,
  };
  const code = await runAdmin(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, async () => ({
    ...ctx,
    close: async () => undefined,
  }));
  return { code, stdout, stderr };
}

/** Polls `read` until `done` (a busy machine gets a generous deadline; no fixed sleeps). */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
