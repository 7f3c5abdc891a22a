import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, getAddress, http, parseEther, type Address, type Hex } from 'viem';
import { hardhat } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../src/db';
import { manualClock } from '../../src/lib/clock';
import { migrate, readMigrations } from '../../src/db/migrate';
import {
  createEvmChainGateway,
  EvmNetworkMismatchError,
  HotWalletKey,
  parseEvmGatewayConfig,
  type EvmGatewayOptions,
  type EvmNetworkConfig,
} from '../../src/providers/chain-gateway/evm';
import { openTestDatabase, rootDir } from '../helpers';
import { DEPLOYER_KEY, startLocalEvmSetup, TEST_STABLECOIN_ABI, type LocalEvmSetup } from './local-node';

// The real gateway against a real EVM node (Hardhat's network, started by this file) and a real database.
let setup: LocalEvmSetup;
let db: Db;
let network: EvmNetworkConfig;

beforeAll(async () => {
  [setup, db] = await Promise.all([startLocalEvmSetup(), openTestDatabase()]);
  await migrate(db, await readMigrations(path.join(rootDir, 'apps/api/migrations')));
  network = {
    network: 'ethereum',
    rpcUrl: setup.node.rpcUrl,
    chainId: setup.node.chainId,
    confirmations: 3,
    hotWalletKey: new HotWalletKey(setup.hotWalletKey),
    tokens: [{ asset: 'USDC', contract: setup.token }],
    lowBalance: {},
    depositXpub: null,
    depositXprv: null,
    replaceAfterSeconds: 300,
  };
});

afterAll(async () => {
  await Promise.all([setup?.node.stop(), db?.close()]);
});

function gateway(extra: Partial<EvmGatewayOptions> = {}) {
  return createEvmChainGateway({ db, networks: [network], ...extra });
}

function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

function delivery(reference: string, address: Address, amount: bigint) {
  return { network: 'ethereum', asset: 'USDC', address, memo: null, amount, reference, decimals: 6 };
}

async function hotNonce(): Promise<number> {
  return setup.node.client.getTransactionCount({ address: setup.hotWallet, blockTag: 'pending' });
}

describe('the EVM chain gateway on a local node', () => {
  it('checks the chain id and the token decimals against the node', async () => {
    await expect(gateway().verify(() => 6)).resolves.toBeUndefined();
    await expect(gateway().verify(() => 18)).rejects.toThrow(EvmNetworkMismatchError);
    const wrongChain = createEvmChainGateway({ db, networks: [{ ...network, chainId: 1 }] });
    await expect(wrongChain.verify(() => 6)).rejects.toThrow(/chain 31337, not 1/);
  });

  it('delivers an ERC-20 transfer: the balance grows by exactly the amount, under the real hash', async () => {
    const to = freshAddress();
    const result = await gateway().deliver(delivery('buy-1', to, 12_345_678n));
    expect(result).toEqual({ ok: true, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    if (!result.ok) return;
    expect(await setup.node.balanceOf(setup.token, to)).toBe(12_345_678n);
    const receipt = await setup.node.client.getTransactionReceipt({ hash: result.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(getAddress(receipt.from)).toBe(setup.hotWallet);
    const sent = await setup.node.client.getTransaction({ hash: result.txHash as Hex });
    expect(sent.type).toBe('eip1559');
  });

  it('refuses a memo and a delivery whose decimals differ from the contract', async () => {
    const to = freshAddress();
    expect(await gateway().deliver({ ...delivery('buy-memo', to, 1n), memo: '42' })).toMatchObject({ ok: false });
    await expect(gateway().deliver({ ...delivery('buy-dec', to, 1n), decimals: 18 })).rejects.toThrow(
      EvmNetworkMismatchError,
    );
    expect(await setup.node.balanceOf(setup.token, to)).toBe(0n);
  });

  it('sends one transfer for one reference, delivered twice in a row and three times at once', async () => {
    const to = freshAddress();
    const before = await hotNonce();
    const first = await gateway().deliver(delivery('buy-twice', to, 5_000_000n));
    expect(await gateway().deliver(delivery('buy-twice', to, 5_000_000n))).toEqual(first);
    const together = await Promise.all([1, 2, 3].map(() => gateway().deliver(delivery('buy-at-once', to, 7_000_000n))));
    expect(new Set(together.map((r) => (r.ok ? r.txHash : r.reason))).size).toBe(1);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(12_000_000n);
    expect(await hotNonce()).toBe(before + 2);
    await expect(gateway().deliver(delivery('buy-twice', to, 6_000_000n))).rejects.toThrow(/other terms/);
  });

  it('after a crash between storing and broadcasting, a new gateway sends the stored transaction once', async () => {
    const to = freshAddress();
    const crashing = gateway({
      afterStore: () => {
        throw new Error('crashed before broadcasting');
      },
    });
    await expect(crashing.deliver(delivery('buy-crash', to, 3_000_000n))).rejects.toThrow(/crashed/);
    const { rows } = await db.query<{ tx_hash: string; broadcast_at: Date | null }>(
      "SELECT tx_hash, broadcast_at FROM evm_transfers WHERE reference = 'buy-crash'",
    );
    expect(rows).toEqual([{ tx_hash: expect.stringMatching(/^0x/), broadcast_at: null }]);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(0n);

    const restarted = gateway();
    expect(await restarted.deliver(delivery('buy-crash', to, 3_000_000n))).toEqual({
      ok: true,
      txHash: rows[0]!.tx_hash,
    });
    expect(await restarted.deliver(delivery('buy-crash', to, 3_000_000n))).toEqual({
      ok: true,
      txHash: rows[0]!.tx_hash,
    });
    expect(await setup.node.balanceOf(setup.token, to)).toBe(3_000_000n);
  });

  it('broadcasts every stored, unsent transaction again on resume, each once', async () => {
    const to = freshAddress();
    const crashing = gateway({
      afterStore: () => {
        throw new Error('crashed before broadcasting');
      },
    });
    await expect(crashing.deliver(delivery('buy-resume', to, 2_000_000n))).rejects.toThrow(/crashed/);
    expect(await gateway().resumeUnsent()).toBe(1);
    expect(await gateway().resumeUnsent()).toBe(0);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(2_000_000n);
  });

  it('gives 20 deliveries at once, from two gateways, 20 distinct nonces, and every one lands', async () => {
    const before = await hotNonce();
    const gateways = [gateway(), gateway()];
    const targets = Array.from({ length: 20 }, (_, i) => ({ to: freshAddress(), amount: BigInt(1_000_000 + i) }));
    const results = await Promise.all(
      targets.map(({ to, amount }, i) => gateways[i % 2]!.deliver(delivery(`buy-many-${i}`, to, amount))),
    );
    const hashes = results.map((r) => (r.ok ? (r.txHash as Hex) : null));
    expect(hashes.every((h) => h !== null)).toBe(true);
    const sent = await Promise.all(hashes.map((hash) => setup.node.client.getTransaction({ hash: hash! })));
    expect(new Set(sent.map((t) => t.nonce))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => before + i)));
    const receipts = await Promise.all(
      hashes.map((hash) => setup.node.client.waitForTransactionReceipt({ hash: hash!, pollingInterval: 100 })),
    );
    expect(receipts.every((r) => r.status === 'success')).toBe(true);
    const balances = await Promise.all(targets.map(({ to }) => setup.node.balanceOf(setup.token, to)));
    expect(balances).toEqual(targets.map((t) => t.amount));
  });

  it('counts confirmations from the receipt block, as blocks are mined', async () => {
    const g = gateway();
    const result = await g.deliver(delivery('buy-confirm', freshAddress(), 1_000_000n));
    if (!result.ok) throw new Error(result.reason);
    const at = () =>
      g.confirmations({ network: 'ethereum', txHash: result.txHash, sentAt: new Date(), now: new Date() });
    expect(await at()).toEqual({ confirmations: 1, required: 3 });
    await setup.node.mine(2);
    expect(await at()).toEqual({ confirmations: 3, required: 3 });
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(
      await g.confirmations({ network: 'ethereum', txHash: unknown, sentAt: new Date(), now: new Date() }),
    ).toEqual({ confirmations: 0, required: 3 });
  });

  it('replaces a transfer stuck below the market fee once, even with two gateways looking at once, and follows the version mined', async () => {
    const clock = manualClock(new Date());
    const patient = { ...network, replaceAfterSeconds: 60 };
    const [g1, g2] = [0, 1].map(() => createEvmChainGateway({ db, networks: [patient], clock }));
    const to = freshAddress();
    const before = await hotNonce();
    await setup.node.setAutomine(false);
    try {
      const result = await g1!.deliver(delivery('buy-stuck', to, 4_000_000n));
      if (!result.ok) throw new Error(result.reason);
      const first = await setup.node.client.getTransaction({ hash: result.txHash as Hex });
      const follow = (g: typeof g1, txHash: string) => g!.follow({ network: 'ethereum', txHash });
      // Waiting, but not for long enough; then long enough, but at the market's fee: left alone.
      expect(await follow(g1, first.hash)).toBe(first.hash);
      clock.advance(61_000);
      expect(await follow(g1, first.hash)).toBe(first.hash);
      // The market's fee rises past the transaction's: the next block leaves it in the pool.
      await setup.node.setNextBlockBaseFeePerGas(first.maxFeePerGas! * 4n);
      await setup.node.mine(1);
      const looks = await Promise.all([follow(g1, first.hash), follow(g2, first.hash)]);
      const versions = async () =>
        (
          await db.query<{ tx_hash: string }>(
            "SELECT tx_hash FROM evm_transfer_versions WHERE reference = 'buy-stuck' ORDER BY signed_at",
          )
        ).rows.map((r) => r.tx_hash);
      const [, second] = await versions();
      expect(await versions()).toEqual([first.hash, second]);
      expect(looks.every((hash) => hash === first.hash || hash === second)).toBe(true);
      const replacement = await setup.node.client.getTransaction({ hash: second as Hex });
      expect(replacement).toMatchObject({ nonce: first.nonce, to: first.to, input: first.input, gas: first.gas });
      expect(replacement.maxFeePerGas! * 100n >= first.maxFeePerGas! * 110n).toBe(true);
      expect(replacement.maxPriorityFeePerGas! * 100n >= first.maxPriorityFeePerGas! * 110n).toBe(true);
      // A second look before the wait is over again changes nothing.
      expect(await follow(g2, first.hash)).toBe(second);
      expect(await versions()).toHaveLength(2);

      await setup.node.mine(1);
      expect(await follow(g1, first.hash)).toBe(second);
      expect(await follow(g1, second!)).toBe(second);
      await expect(setup.node.client.getTransactionReceipt({ hash: first.hash })).rejects.toThrow();
      expect(await setup.node.balanceOf(setup.token, to)).toBe(4_000_000n);
      expect(await hotNonce()).toBe(before + 1);
      // A delivery asked again for the reference answers with the version sent last, and sends nothing new.
      expect(await g2!.deliver(delivery('buy-stuck', to, 4_000_000n))).toEqual({ ok: true, txHash: second });
    } finally {
      await setup.node.setAutomine(true);
    }
  });

  it('a replacement stored but never broadcast (a crash) while the first version is mined: the first is followed, and nothing is left to send', async () => {
    const clock = manualClock(new Date());
    const patient = { ...network, replaceAfterSeconds: 60 };
    const to = freshAddress();
    const before = await hotNonce();
    await setup.node.setAutomine(false);
    try {
      const g = createEvmChainGateway({ db, networks: [patient], clock });
      const result = await g.deliver(delivery('buy-stuck-crash', to, 6_000_000n));
      if (!result.ok) throw new Error(result.reason);
      const first = await setup.node.client.getTransaction({ hash: result.txHash as Hex });
      await setup.node.setNextBlockBaseFeePerGas(first.maxFeePerGas! * 4n);
      await setup.node.mine(1);
      clock.advance(61_000);
      const crashing = createEvmChainGateway({
        db,
        networks: [patient],
        clock,
        afterStore: () => {
          throw new Error('crashed before broadcasting');
        },
      });
      await expect(crashing.follow({ network: 'ethereum', txHash: first.hash })).rejects.toThrow(/crashed/);
      // The market's fee falls back: the first version, still in the pool, is mined.
      await setup.node.setNextBlockBaseFeePerGas(1n);
      await setup.node.mine(1);
      expect((await setup.node.client.getTransactionReceipt({ hash: first.hash })).status).toBe('success');
      expect(await g.follow({ network: 'ethereum', txHash: first.hash })).toBe(first.hash);
      // The unsent replacement is not sent (its nonce is spent) and no longer waits to be.
      expect(await g.resumeUnsent()).toBe(1);
      expect(await g.resumeUnsent()).toBe(0);
      expect(await setup.node.balanceOf(setup.token, to)).toBe(6_000_000n);
      expect(await hotNonce()).toBe(before + 1);
    } finally {
      await setup.node.setAutomine(true);
    }
  });

  it('delivers with a hot wallet key read from an encrypted keystore (EVM_<NETWORK>_HOT_WALLET_KEYSTORE)', async () => {
    // The Web3 Secret Storage definition's scrypt test vector: its address is known, so it is funded here first.
    const keystoreAddress = getAddress('0x008aeeda4d805471df9b2a5b0f38a0c3bcba786b');
    const deployer = createWalletClient({
      chain: { ...hardhat, id: setup.node.chainId },
      account: privateKeyToAccount(DEPLOYER_KEY),
      transport: http(setup.node.rpcUrl),
    });
    for (const hash of [
      await deployer.sendTransaction({ to: keystoreAddress, value: parseEther('1') }),
      await deployer.writeContract({
        address: setup.token,
        abi: TEST_STABLECOIN_ABI,
        functionName: 'mint',
        args: [keystoreAddress, 5_000_000n],
      }),
    ]) {
      await setup.node.client.waitForTransactionReceipt({ hash });
    }
    const [fromKeystore] = parseEvmGatewayConfig({
      EVM_NETWORKS: 'ethereum',
      EVM_ETHEREUM_RPC_URL: setup.node.rpcUrl,
      EVM_ETHEREUM_CHAIN_ID: String(setup.node.chainId),
      EVM_ETHEREUM_CONFIRMATIONS: '3',
      EVM_ETHEREUM_TOKENS: `USDC=${setup.token}`,
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE: path.join(rootDir, 'apps/api/test/evm/fixtures/keystore-scrypt.json'),
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: 'testpassword',
    });
    const keystoreGateway = createEvmChainGateway({ db, networks: [fromKeystore!] });
    expect(keystoreGateway.hotWallet('ethereum')).toBe(keystoreAddress);
    await expect(keystoreGateway.verify(() => 6)).resolves.toBeUndefined();
    const to = freshAddress();
    const result = await keystoreGateway.deliver(delivery('keystore-1', to, 1_250_000n));
    expect(result).toEqual({ ok: true, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    if (!result.ok) return;
    const receipt = await setup.node.client.getTransactionReceipt({ hash: result.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(getAddress(receipt.from)).toBe(keystoreAddress);
    expect(await setup.node.balanceOf(setup.token, to)).toBe(1_250_000n);
    expect(await setup.node.balanceOf(setup.token, keystoreAddress)).toBe(3_750_000n);
  }, 120_000);

  it('signs and stores nothing when the node is unreachable', async () => {
    const to = freshAddress();
    const down = createEvmChainGateway({ db, networks: [{ ...network, rpcUrl: 'http://127.0.0.1:9' }] });
    await expect(down.deliver(delivery('buy-down', to, 1_000_000n))).rejects.toThrow();
    const { rows } = await db.query("SELECT 1 FROM evm_transfers WHERE reference = 'buy-down'");
    expect(rows).toHaveLength(0);
  });
});
