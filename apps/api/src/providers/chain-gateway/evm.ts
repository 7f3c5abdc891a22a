import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  keccak256,
  parseAbiItem,
  parseTransaction,
  toHex,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, publicKeyToAddress, type PrivateKeyAccount } from 'viem/accounts';
import type { Db, Queryable } from '../../db';
import { systemClock, type Clock } from '../../lib/clock';
import { decryptKeystore, KeystoreError, keystorePassword } from './keystore';
import type { ChainGateway, ConfirmationStatus, DeliverInput, DeliverResult, DepositTarget } from './types';

/**
 * The EVM chain gateway (docs/decisions/080-evm-gateway-keys-and-nonces.md): deliveries as ERC-20 `transfer`s from a
 * hot wallet, signed here with viem and sent to the network's node over JSON-RPC. Each signed transaction and its
 * nonce are stored (evm_transfers) before they are broadcast, so a retry or a restart sends the same bytes again and a
 * reference is never paid twice; the wallet's nonces are given out under a row lock (evm_senders), so every process
 * sharing the database orders them. Confirmations are counted from the receipt's block.
 */

/** A hot wallet's private key: held, never shown. It prints, logs and serialises as `[redacted]`. */
export class HotWalletKey {
  readonly #key: Hex;
  constructor(key: Hex) {
    this.#key = key;
  }
  reveal(): Hex {
    return this.#key;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'HotWalletKey([redacted])';
  }
}

export interface EvmTokenConfig {
  /** The catalogue's asset code (USDC, USDT...). */
  asset: string;
  contract: Address;
}

export interface EvmNetworkConfig {
  /** The catalogue's network id (ethereum, avalanche, harmony). */
  network: string;
  rpcUrl: string;
  chainId: number;
  /** Blocks, the receipt's own included, before a delivery counts as final. */
  confirmations: number;
  hotWalletKey: HotWalletKey;
  tokens: EvmTokenConfig[];
  /**
   * The extended public key (BIP-32, an account's key such as m/44'/60'/0') that deposit addresses are derived from,
   * at 0/i; null when the network takes no deposits. The private side stays with whoever sweeps.
   */
  depositXpub: HDKey | null;
  /**
   * Below these balances the hot wallet is reported low (the operations' warning): by asset code (a token's, or the
   * network's native coin's for the gas), a decimal amount of whole units.
   */
  lowBalance: Record<string, string>;
  /**
   * A sent transaction still unmined this long after it was signed, and priced below the node's current fee estimate,
   * is replaced: the same nonce, higher fees (docs/decisions/088-evm-fee-replacement.md).
   */
  replaceAfterSeconds: number;
}

/** The catalogue's EVM networks and the native coin each pays its gas in (18 decimals on all three). */
export const EVM_NATIVE_COINS: Record<string, string> = { ethereum: 'ETH', avalanche: 'AVAX', harmony: 'ONE' };
const NATIVE_DECIMALS = 18;

export class EvmConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvmConfigError';
  }
}

const NETWORK_ID = /^[a-z][a-z0-9]*$/;
const ASSET_CODE = /^[A-Z][A-Z0-9]{1,11}$/;
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

function positiveInteger(env: Record<string, string | undefined>, name: string, min: number): number {
  const raw = env[name]?.trim() ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new EvmConfigError(`${name} must be a whole number of at least ${min}`);
  }
  return Number(raw);
}

/**
 * The hot wallet's key: `<prefix>HOT_WALLET_KEY`, or the v3 keystore file named by `<prefix>HOT_WALLET_KEYSTORE` and
 * its password (docs/decisions/090-evm-hot-wallet-keystore.md). Exactly one. An error names the variable and never
 * the password, the file's content nor the key.
 */
function hotWalletKeyOf(env: Record<string, string | undefined>, prefix: string): HotWalletKey {
  const key = env[`${prefix}HOT_WALLET_KEY`]?.trim() ?? '';
  const keystoreVar = `${prefix}HOT_WALLET_KEYSTORE`;
  const keystore = env[keystoreVar]?.trim() ?? '';
  if (key !== '' && keystore !== '') {
    throw new EvmConfigError(`Set ${prefix}HOT_WALLET_KEY or ${keystoreVar}, not both`);
  }
  if (keystore === '') {
    if (!PRIVATE_KEY.test(key)) {
      throw new EvmConfigError(
        `${prefix}HOT_WALLET_KEY must be a private key: 0x and 64 hexadecimal digits (or set ${keystoreVar})`,
      );
    }
    return new HotWalletKey(key as Hex);
  }
  try {
    const password = keystorePassword(env, keystoreVar);
    let json: string;
    try {
      json = readFileSync(keystore, 'utf8');
    } catch {
      throw new KeystoreError('the file cannot be read');
    }
    const decrypted = decryptKeystore(json, password);
    if (!PRIVATE_KEY.test(decrypted)) throw new KeystoreError('the file holds no private key');
    return new HotWalletKey(decrypted);
  } catch (error) {
    if (error instanceof KeystoreError) throw new EvmConfigError(`${keystoreVar}: ${error.message}`);
    throw error;
  }
}

/** The default of `EVM_<NETWORK>_REPLACE_AFTER_SECONDS`. */
export const DEFAULT_REPLACE_AFTER_SECONDS = 300;

/**
 * Reads the EVM networks from the environment: `EVM_NETWORKS=ethereum,avalanche` and, for each (upper case),
 * `EVM_<NETWORK>_RPC_URL`, `EVM_<NETWORK>_CHAIN_ID`, `EVM_<NETWORK>_CONFIRMATIONS`, `EVM_<NETWORK>_HOT_WALLET_KEY`
 * (0x and 64 hex digits) or `EVM_<NETWORK>_HOT_WALLET_KEYSTORE` (a v3 keystore file, with `..._PASSWORD` or
 * `..._PASSWORD_FILE`) and `EVM_<NETWORK>_TOKENS` (`USDC=0x...,USDT=0x...`); optionally
 * `EVM_<NETWORK>_REPLACE_AFTER_SECONDS` (default 300). An error names the variable, never a key's value. No
 * EVM_NETWORKS: no network.
 */
export function parseEvmGatewayConfig(env: Record<string, string | undefined>): EvmNetworkConfig[] {
  const list = (env.EVM_NETWORKS ?? '').trim();
  if (list === '') return [];
  const networks = list.split(',').map((n) => n.trim());
  if (new Set(networks).size !== networks.length) throw new EvmConfigError('EVM_NETWORKS names a network twice');
  return networks.map((network) => {
    if (!NETWORK_ID.test(network)) throw new EvmConfigError(`EVM_NETWORKS: "${network}" is not a network id`);
    if (!(network in EVM_NATIVE_COINS)) {
      throw new EvmConfigError(
        `EVM_NETWORKS: "${network}" is not an EVM network of the catalogue (${Object.keys(EVM_NATIVE_COINS).join(', ')})`,
      );
    }
    const prefix = `EVM_${network.toUpperCase()}_`;
    const rpcUrl = env[`${prefix}RPC_URL`]?.trim() ?? '';
    let protocol = '';
    try {
      protocol = new URL(rpcUrl).protocol;
    } catch {
      // Reported below.
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new EvmConfigError(`${prefix}RPC_URL must be an http(s) URL`);
    const key = hotWalletKeyOf(env, prefix);
    const tokens = (env[`${prefix}TOKENS`] ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map((entry): EvmTokenConfig => {
        const [asset = '', contract = ''] = entry.split('=').map((p) => p.trim());
        if (!ASSET_CODE.test(asset) || !isAddress(contract, { strict: false })) {
          throw new EvmConfigError(`${prefix}TOKENS: each entry must be ASSET=0xContractAddress`);
        }
        return { asset, contract: getAddress(contract) };
      });
    if (tokens.length === 0) throw new EvmConfigError(`${prefix}TOKENS must name at least one token`);
    if (new Set(tokens.map((t) => t.asset)).size !== tokens.length) {
      throw new EvmConfigError(`${prefix}TOKENS names an asset twice`);
    }
    const native = EVM_NATIVE_COINS[network]!;
    const lowBalance: Record<string, string> = {};
    for (const entry of (env[`${prefix}LOW_BALANCE`] ?? '').split(',').map((t) => t.trim())) {
      if (entry === '') continue;
      const [asset = '', amount = ''] = entry.split('=').map((p) => p.trim());
      if ((asset !== native && !tokens.some((t) => t.asset === asset)) || !/^\d+(\.\d+)?$/.test(amount)) {
        throw new EvmConfigError(
          `${prefix}LOW_BALANCE: each entry must be ASSET=amount, the asset one of the network's tokens or ${native}`,
        );
      }
      lowBalance[asset] = amount;
    }
    const xpub = env[`${prefix}DEPOSIT_XPUB`]?.trim() ?? '';
    let depositXpub: HDKey | null = null;
    if (xpub !== '') {
      try {
        depositXpub = HDKey.fromExtendedKey(xpub);
      } catch {
        throw new EvmConfigError(`${prefix}DEPOSIT_XPUB must be an extended public key (xpub...)`);
      }
      // A private extended key would put spending keys in the API: refused, and never echoed.
      if (depositXpub.privateKey) throw new EvmConfigError(`${prefix}DEPOSIT_XPUB must be a public key, not xprv`);
    }
    return {
      network,
      rpcUrl,
      chainId: positiveInteger(env, `${prefix}CHAIN_ID`, 1),
      confirmations: positiveInteger(env, `${prefix}CONFIRMATIONS`, 1),
      hotWalletKey: key,
      tokens,
      lowBalance,
      depositXpub,
      replaceAfterSeconds:
        (env[`${prefix}REPLACE_AFTER_SECONDS`]?.trim() ?? '') === ''
          ? DEFAULT_REPLACE_AFTER_SECONDS
          : positiveInteger(env, `${prefix}REPLACE_AFTER_SECONDS`, 1),
    };
  });
}

/** The deposit address at `index` of an account's extended public key: its external chain, 0/index. */
export function depositAddressAt(xpub: HDKey, index: number): Address {
  const child = xpub.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('the extended key has no public key');
  const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey).toRawBytes(false);
  return publicKeyToAddress(toHex(uncompressed));
}

/** An ERC-20 transfer into a deposit address, read from the token's logs at a depth the network counts final. */
export interface EvmDeposit {
  network: string;
  /** The deposit address (checksummed). */
  address: Address;
  /** The asset code of the token. */
  asset: string;
  /** Minor units of the token. */
  amount: bigint;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
}

/** The deposits of one network's blocks `fromBlock`..`toBlock`: credit them and claim the blocks in one transaction. */
export interface EvmDepositBatch {
  network: string;
  fromBlock: bigint;
  toBlock: bigint;
  deposits: EvmDeposit[];
}

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read per look: well inside the log range public nodes answer. */
const SCAN_BLOCKS = 1_000n;

/** The node disagrees with the configuration (another chain, a token with other decimals). */
export class EvmNetworkMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvmNetworkMismatchError';
  }
}

/** A stored transaction could not be broadcast (node down, refused): the delivery is retried later, never re-signed. */
export class EvmBroadcastError extends Error {
  constructor(
    readonly network: string,
    readonly txHash: string,
    reason: string,
  ) {
    super(`Broadcasting ${txHash} on ${network} failed: ${reason}`);
    this.name = 'EvmBroadcastError';
  }
}

export interface StoredTransfer {
  network: string;
  reference: string;
  nonce: number;
  txHash: Hex;
  rawTx: Hex;
}

export interface EvmGatewayOptions {
  db: Db;
  networks: EvmNetworkConfig[];
  /** How long the confirmation job waits between looks at the chain. Default 15 s. */
  confirmationPollMs?: number;
  /**
   * Runs once a new signed transaction (a delivery's first, or a replacement) is stored and before it is broadcast
   * (tests simulate a crash here).
   */
  afterStore?: (transfer: StoredTransfer) => Promise<void> | void;
  /** When a version was signed and how long it has waited since (replacement). Default: the system clock. */
  clock?: Clock;
}

export interface EvmChainGateway extends ChainGateway {
  readonly kind: 'evm';
  /** Checks every network against its node: the chain id, and each token's decimals against `expectedDecimals`. */
  verify(expectedDecimals: (asset: string) => number): Promise<void>;
  /** Broadcasts again each stored transaction not yet known to be broadcast (on start, after a crash). */
  resumeUnsent(): Promise<number>;
  /** The hot wallet's address on a network. */
  hotWallet(network: string): Address;
  /** The networks this gateway serves. */
  readonly networks: readonly string[];
  /** The hot wallet's balance of each token and of the native coin (its gas), on every network, from the nodes. */
  balances(): Promise<HotWalletBalance[]>;
  /**
   * The next blocks of each network taking deposits, read from the node up to the depth it counts final, with the
   * token transfers into this gateway's deposit addresses. Reads only: the caller credits and claims each batch.
   */
  depositBatches(): Promise<EvmDepositBatch[]>;
  /**
   * Moves the network's cursor past the batch, in the caller's transaction: false when another process claimed those
   * blocks first (the caller then credits nothing).
   */
  claimDepositBatch(tx: Queryable, batch: EvmDepositBatch): Promise<boolean>;
}

export interface HotWalletBalance {
  network: string;
  /** A token's asset code, or the native coin's (ETH, AVAX, ONE). */
  asset: string;
  kind: 'token' | 'native';
  address: Address;
  /** Minor units of `decimals`. */
  balance: bigint;
  decimals: number;
  /** The configured warning threshold in minor units; null when none is set. */
  lowBalance: bigint | null;
  /** Below the threshold. */
  low: boolean;
}

/** '12.5' whole units at 6 decimals -> 12_500_000n (extra digits beyond the decimals are dropped). */
export function toMinorUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

interface Network {
  config: EvmNetworkConfig;
  client: PublicClient;
  account: PrivateKeyAccount;
  decimals: Map<string, number>;
}

type TransferRow = {
  reference: string;
  nonce: string | number;
  asset: string;
  recipient: string;
  amount: string;
  raw_tx: string;
  tx_hash: string;
  broadcast_at: Date | null;
};

function toStored(network: string, row: TransferRow): StoredTransfer {
  return {
    network,
    reference: row.reference,
    nonce: Number(row.nonce),
    txHash: row.tx_hash as Hex,
    rawTx: row.raw_tx as Hex,
  };
}

function shortMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'shortMessage' in error) return String(error.shortMessage);
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/** Every signed version of a transfer is kept, so a receipt of any of them is found (decision 088). */
async function storeVersion(
  tx: Queryable,
  network: string,
  reference: string,
  txHash: Hex,
  rawTx: Hex,
  signedAt: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO evm_transfer_versions (network, reference, tx_hash, raw_tx, signed_at) VALUES ($1, $2, $3, $4, $5)`,
    [network, reference, txHash, rawTx, signedAt],
  );
}

/** At least +10% (rounded up): the least a node takes to replace a pending transaction of the same nonce. */
const bumped = (fee: bigint): bigint => (fee * 110n + 99n) / 100n;
const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);

export function createEvmChainGateway(options: EvmGatewayOptions): EvmChainGateway {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const networks = new Map<string, Network>(
    options.networks.map((config) => [
      config.network,
      {
        config,
        client: createPublicClient({ transport: http(config.rpcUrl, { retryCount: 1 }) }),
        account: privateKeyToAccount(config.hotWalletKey.reveal()),
        decimals: new Map(),
      },
    ]),
  );

  function networkOf(id: string): Network {
    const network = networks.get(id);
    if (!network) throw new EvmConfigError(`The EVM gateway has no network "${id}"`);
    return network;
  }

  async function tokenDecimals(network: Network, token: EvmTokenConfig): Promise<number> {
    const known = network.decimals.get(token.asset);
    if (known !== undefined) return known;
    const decimals = await network.client.readContract({
      address: token.contract,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    network.decimals.set(token.asset, decimals);
    return decimals;
  }

  /** The stored transaction of a reference, or a new one signed and stored under the wallet's lock. */
  async function prepare(
    network: Network,
    token: EvmTokenConfig,
    input: DeliverInput,
    recipient: Address,
  ): Promise<{ transfer: StoredTransfer; fresh: boolean; broadcast: boolean }> {
    const { config, client, account } = network;
    const sender = account.address.toLowerCase();
    return db.transaction(async (tx: Queryable) => {
      await tx.query('INSERT INTO evm_senders (network, sender) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        config.network,
        sender,
      ]);
      const { rows: locked } = await tx.query<{ next_nonce: string | number }>(
        'SELECT next_nonce FROM evm_senders WHERE network = $1 AND sender = $2 FOR UPDATE',
        [config.network, sender],
      );
      const { rows: existing } = await tx.query<TransferRow>(
        `SELECT reference, nonce, asset, recipient, amount, raw_tx, tx_hash, broadcast_at
           FROM evm_transfers WHERE network = $1 AND reference = $2`,
        [config.network, input.reference],
      );
      const found = existing[0];
      if (found) {
        if (
          found.asset !== token.asset ||
          found.recipient !== recipient.toLowerCase() ||
          BigInt(found.amount) !== input.amount
        ) {
          throw new Error(`Reference ${input.reference} was already delivered on ${config.network} with other terms`);
        }
        return { transfer: toStored(config.network, found), fresh: false, broadcast: found.broadcast_at !== null };
      }
      // The node's pending count covers transactions sent outside this database; the stored next nonce covers
      // transactions stored here and not broadcast yet. The larger one is free.
      const pending = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      const nonce = Math.max(Number(locked[0]!.next_nonce), pending);
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, input.amount] });
      const [fees, gas] = await Promise.all([
        client.estimateFeesPerGas({ chain: null, type: 'eip1559' }),
        client.estimateGas({ account: account.address, to: token.contract, data }),
      ]);
      const rawTx = await account.signTransaction({
        type: 'eip1559',
        chainId: config.chainId,
        nonce,
        to: token.contract,
        data,
        value: 0n,
        // A margin over the estimate: the estimate ran against the latest block, not the one that will hold it.
        gas: (gas * 12n) / 10n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const txHash = keccak256(rawTx);
      const signedAt = clock.now();
      await tx.query(
        `INSERT INTO evm_transfers
           (network, reference, sender, nonce, asset, token, recipient, amount, raw_tx, tx_hash, signed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          config.network,
          input.reference,
          sender,
          nonce,
          token.asset,
          token.contract.toLowerCase(),
          recipient.toLowerCase(),
          input.amount.toString(),
          rawTx,
          txHash,
          signedAt,
        ],
      );
      await storeVersion(tx, config.network, input.reference, txHash, rawTx, signedAt);
      await tx.query('UPDATE evm_senders SET next_nonce = $3 WHERE network = $1 AND sender = $2', [
        config.network,
        sender,
        nonce + 1,
      ]);
      return {
        transfer: { network: config.network, reference: input.reference, nonce, txHash, rawTx },
        fresh: true,
        broadcast: false,
      };
    });
  }

  /** The network's deposit cursor at its head, unless it has one. */
  async function startCursor(q: Queryable, network: Network): Promise<void> {
    const head = await network.client.getBlockNumber({ cacheTime: 0 });
    await q.query('INSERT INTO evm_deposit_cursors (network, next_block) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      network.config.network,
      String(head),
    ]);
  }

  async function known(network: Network, hash: Hex): Promise<boolean> {
    try {
      await network.client.getTransaction({ hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  /** Sends the stored bytes; a node that already has them (pending or mined) is as good as a send. */
  async function broadcast(network: Network, transfer: StoredTransfer): Promise<void> {
    try {
      await network.client.sendRawTransaction({ serializedTransaction: transfer.rawTx });
    } catch (error) {
      let seen = false;
      try {
        // Known to the node, or another version of the transfer was mined (its nonce is spent: nothing left to send).
        seen =
          (await known(network, transfer.txHash)) ||
          (await minedVersion(network, await versionsOf(network, transfer.reference))) !== null;
      } catch {
        // The node is unreachable: report the send's own error.
      }
      if (!seen) throw new EvmBroadcastError(transfer.network, transfer.txHash, shortMessage(error));
    }
    await db.query(
      `UPDATE evm_transfers SET broadcast_at = now()
        WHERE network = $1 AND reference = $2 AND tx_hash = $3 AND broadcast_at IS NULL`,
      [transfer.network, transfer.reference, transfer.txHash],
    );
  }

  /** Every signed version of a transfer, the first first. */
  async function versionsOf(network: Network, reference: string): Promise<Hex[]> {
    const { rows } = await db.query<{ tx_hash: Hex }>(
      'SELECT tx_hash FROM evm_transfer_versions WHERE network = $1 AND reference = $2 ORDER BY signed_at',
      [network.config.network, reference],
    );
    return rows.map((r) => r.tx_hash);
  }

  /** The first of `hashes` with a receipt (mined, whatever its status), or null. */
  async function minedVersion(network: Network, hashes: Hex[]): Promise<Hex | null> {
    for (const hash of hashes) {
      try {
        await network.client.getTransactionReceipt({ hash });
        return hash;
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      }
    }
    return null;
  }

  /**
   * Signs the stored transfer again with its nonce and higher fees when the node's estimate has risen above what it
   * offers; stored (a new version) before it is broadcast, as a first send is. Returns the version to follow.
   */
  async function replace(network: Network, current: StoredTransfer): Promise<StoredTransfer> {
    const { config, client, account } = network;
    const signed = parseTransaction(current.rawTx);
    const offered = { maxFee: signed.maxFeePerGas ?? 0n, tip: signed.maxPriorityFeePerGas ?? 0n };
    const market = await client.estimateFeesPerGas({ chain: null, type: 'eip1559' });
    // Not below the market: a fee rise would not help (an earlier nonce is stuck, or blocks are full); it waits.
    if (market.maxFeePerGas <= offered.maxFee && market.maxPriorityFeePerGas <= offered.tip) return current;
    const maxPriorityFeePerGas = maxOf(market.maxPriorityFeePerGas, bumped(offered.tip));
    const maxFeePerGas = maxOf(maxOf(market.maxFeePerGas, bumped(offered.maxFee)), maxPriorityFeePerGas);
    const replacement = await db.transaction(async (tx: Queryable) => {
      const { rows } = await tx.query<{ tx_hash: string }>(
        'SELECT tx_hash FROM evm_transfers WHERE network = $1 AND reference = $2 FOR UPDATE',
        [config.network, current.reference],
      );
      // Another process replaced it meanwhile: its version is followed from the next look on.
      if (rows[0]?.tx_hash !== current.txHash) return null;
      const rawTx = await account.signTransaction({
        type: 'eip1559',
        chainId: config.chainId,
        nonce: current.nonce,
        to: signed.to!,
        data: signed.data!,
        value: 0n,
        gas: signed.gas!,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const txHash = keccak256(rawTx);
      const signedAt = clock.now();
      await tx.query(
        `UPDATE evm_transfers SET raw_tx = $3, tx_hash = $4, signed_at = $5, broadcast_at = NULL
          WHERE network = $1 AND reference = $2`,
        [config.network, current.reference, rawTx, txHash, signedAt],
      );
      await storeVersion(tx, config.network, current.reference, txHash, rawTx, signedAt);
      return { ...current, txHash, rawTx };
    });
    if (!replacement) return current;
    await options.afterStore?.(replacement);
    await broadcast(network, replacement);
    return replacement;
  }

  return {
    kind: 'evm',
    confirmationDelayMs: options.confirmationPollMs ?? 15_000,
    networks: [...networks.keys()],

    async balances() {
      const out: HotWalletBalance[] = [];
      for (const network of networks.values()) {
        const { config, client, account } = network;
        const entry = (asset: string, kind: 'token' | 'native', balance: bigint, decimals: number) => {
          const threshold = config.lowBalance[asset];
          const lowBalance = threshold === undefined ? null : toMinorUnits(threshold, decimals);
          out.push({
            network: config.network,
            asset,
            kind,
            address: account.address,
            balance,
            decimals,
            lowBalance,
            low: lowBalance !== null && balance < lowBalance,
          });
        };
        for (const token of config.tokens) {
          const [balance, decimals] = await Promise.all([
            client.readContract({
              address: token.contract,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [account.address],
            }),
            tokenDecimals(network, token),
          ]);
          entry(token.asset, 'token', balance, decimals);
        }
        const native = EVM_NATIVE_COINS[config.network] ?? 'ETH';
        entry(native, 'native', await client.getBalance({ address: account.address }), NATIVE_DECIMALS);
      }
      return out;
    },

    hotWallet(id) {
      return networkOf(id).account.address;
    },

    async verify(expectedDecimals) {
      for (const network of networks.values()) {
        const { config } = network;
        const chainId = await network.client.getChainId();
        if (chainId !== config.chainId) {
          throw new EvmNetworkMismatchError(
            `${config.network}: the node at the configured RPC URL is chain ${chainId}, not ${config.chainId}`,
          );
        }
        // Deposits are read from here on: no address can be given out before this start.
        if (config.depositXpub) await startCursor(db, network);
        network.decimals.clear();
        for (const token of config.tokens) {
          const decimals = await tokenDecimals(network, token);
          const expected = expectedDecimals(token.asset);
          if (decimals !== expected) {
            throw new EvmNetworkMismatchError(
              `${config.network}: ${token.asset} at ${token.contract} has ${decimals} decimals, not ${expected}`,
            );
          }
        }
      }
    },

    async deliver(input: DeliverInput): Promise<DeliverResult> {
      const network = networkOf(input.network);
      const token = network.config.tokens.find((t) => t.asset === input.asset);
      if (!token) throw new EvmConfigError(`The EVM gateway has no ${input.asset} token on ${input.network}`);
      if (input.memo !== null && input.memo.trim() !== '') {
        return { ok: false, reason: 'EVM networks take no memo' };
      }
      if (!isAddress(input.address, { strict: false })) return { ok: false, reason: 'Not an address on this network' };
      if (input.amount <= 0n) return { ok: false, reason: 'Nothing to send' };
      const decimals = await tokenDecimals(network, token);
      if (decimals !== input.decimals) {
        throw new EvmNetworkMismatchError(
          `${input.network}: ${token.asset} has ${decimals} decimals on chain, the delivery counts ${input.decimals}`,
        );
      }
      const prepared = await prepare(network, token, input, getAddress(input.address));
      if (prepared.fresh) await options.afterStore?.(prepared.transfer);
      // Sent again even when already broadcast: harmless (the node knows it), and it revives a dropped transaction.
      await broadcast(network, prepared.transfer);
      return { ok: true, txHash: prepared.transfer.txHash };
    },

    requiredConfirmations: (id) => networkOf(id).config.confirmations,

    // A network takes deposits when its extended public key is configured; the callers ask first.
    takesDeposits: (id) => networks.get(id)?.config.depositXpub != null,

    async depositTarget({ network: id, reference }, tx): Promise<DepositTarget> {
      const network = networkOf(id);
      const { config } = network;
      if (!config.depositXpub) throw new EvmConfigError(`${id} takes no deposits: no DEPOSIT_XPUB`);
      const { rows: existing } = await tx.query<{ address: string }>(
        'SELECT address FROM evm_deposit_addresses WHERE network = $1 AND reference = $2',
        [id, reference],
      );
      if (existing[0]) return { address: getAddress(existing[0].address), memo: null };
      const { rows: cursor } = await tx.query('SELECT 1 FROM evm_deposit_cursors WHERE network = $1', [id]);
      if (!cursor[0]) {
        // The network's first address (when the start did not make the cursor): its deposits are read from here on.
        await startCursor(tx, network);
      }
      const { rows } = await tx.query<{ index: string }>("SELECT nextval('evm_deposit_index')::text AS index");
      const index = Number(rows[0]!.index);
      const address = depositAddressAt(config.depositXpub, index);
      await tx.query(
        `INSERT INTO evm_deposit_addresses (network, address, derivation_index, reference) VALUES ($1, $2, $3, $4)`,
        [id, address.toLowerCase(), index, reference],
      );
      return { address, memo: null };
    },

    async depositBatches() {
      const batches: EvmDepositBatch[] = [];
      for (const network of networks.values()) {
        const { config, client } = network;
        if (!config.depositXpub) continue;
        const head = await client.getBlockNumber({ cacheTime: 0 });
        // A transfer counts once its block has the network's confirmations, the block itself included: a
        // reorganisation shallower than that never reaches the ledger.
        const final = head - BigInt(config.confirmations - 1);
        const { rows } = await db.query<{ next_block: string }>(
          'SELECT next_block::text FROM evm_deposit_cursors WHERE network = $1',
          [config.network],
        );
        // No cursor: no address was ever given out on this network (the first one makes it), nothing to read.
        if (!rows[0]) continue;
        const fromBlock = BigInt(rows[0].next_block);
        if (final < fromBlock) continue;
        const toBlock = final - fromBlock >= SCAN_BLOCKS ? fromBlock + SCAN_BLOCKS - 1n : final;
        const logs = await client.getLogs({
          address: config.tokens.map((t) => t.contract),
          event: TRANSFER_EVENT,
          fromBlock,
          toBlock,
          strict: true,
        });
        const recipients = [...new Set(logs.map((log) => log.args.to.toLowerCase()))];
        const { rows: ours } =
          recipients.length === 0
            ? { rows: [] }
            : await db.query<{ address: string }>(
                'SELECT address FROM evm_deposit_addresses WHERE network = $1 AND address = ANY($2::text[])',
                [config.network, recipients],
              );
        const known = new Set(ours.map((r) => r.address));
        const deposits: EvmDeposit[] = [];
        for (const log of logs) {
          const token = config.tokens.find((t) => t.contract.toLowerCase() === log.address.toLowerCase());
          if (!token || log.args.value <= 0n || !known.has(log.args.to.toLowerCase())) continue;
          deposits.push({
            network: config.network,
            address: getAddress(log.args.to),
            asset: token.asset,
            amount: log.args.value,
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            blockNumber: log.blockNumber,
          });
        }
        batches.push({ network: config.network, fromBlock, toBlock, deposits });
      }
      return batches;
    },

    async claimDepositBatch(tx, batch) {
      const { rowCount } = await tx.query(
        'UPDATE evm_deposit_cursors SET next_block = $3 WHERE network = $1 AND next_block = $2',
        [batch.network, String(batch.fromBlock), String(batch.toBlock + 1n)],
      );
      return rowCount === 1;
    },

    async confirmations({ network: id, txHash }): Promise<ConfirmationStatus> {
      const network = networkOf(id);
      const required = network.config.confirmations;
      let blockNumber: bigint;
      try {
        const receipt = await network.client.getTransactionReceipt({ hash: txHash as Hex });
        if (receipt.status !== 'success') return { confirmations: 0, required };
        blockNumber = receipt.blockNumber;
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return { confirmations: 0, required };
        throw error;
      }
      const head = await network.client.getBlockNumber({ cacheTime: 0 });
      return { confirmations: Math.max(0, Number(head - blockNumber + 1n)), required };
    },

    async follow({ network: id, txHash }) {
      const network = networkOf(id);
      const { config } = network;
      const { rows } = await db.query<TransferRow & { signed_at: Date }>(
        `SELECT t.reference, t.nonce, t.asset, t.recipient, t.amount, t.raw_tx, t.tx_hash, t.broadcast_at, t.signed_at
           FROM evm_transfer_versions v
           JOIN evm_transfers t ON t.network = v.network AND t.reference = v.reference
          WHERE v.network = $1 AND v.tx_hash = $2`,
        [config.network, txHash.toLowerCase()],
      );
      const row = rows[0];
      if (!row) return txHash;
      const mined = await minedVersion(network, await versionsOf(network, row.reference));
      if (mined) return mined;
      const current = toStored(config.network, row);
      if (!(await known(network, current.txHash))) {
        // The node lost it (a restart, a full pool) or refused it (a replacement it found too cheap): sent again.
        try {
          await broadcast(network, current);
        } catch (error) {
          if (!(error instanceof EvmBroadcastError)) throw error;
        }
      }
      const waitedMs = clock.now().getTime() - new Date(row.signed_at).getTime();
      if (waitedMs < config.replaceAfterSeconds * 1000) return current.txHash;
      return (await replace(network, current)).txHash;
    },

    async resumeUnsent() {
      let count = 0;
      for (const network of networks.values()) {
        const { rows } = await db.query<TransferRow>(
          `SELECT reference, nonce, asset, recipient, amount, raw_tx, tx_hash, broadcast_at
             FROM evm_transfers WHERE network = $1 AND sender = $2 AND broadcast_at IS NULL ORDER BY nonce`,
          [network.config.network, network.account.address.toLowerCase()],
        );
        for (const row of rows) {
          await broadcast(network, toStored(network.config.network, row));
          count++;
        }
      }
      return count;
    },
  };
}
