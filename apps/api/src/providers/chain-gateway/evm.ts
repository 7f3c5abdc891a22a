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

/** A secret held by the gateway and never shown: it prints, logs and serialises as `[redacted]`. */
abstract class Redacted<T> {
  /** What `inspect` names it (a bundler may rename the class). */
  protected abstract readonly label: string;
  readonly #secret: T;
  constructor(secret: T) {
    this.#secret = secret;
  }
  protected get secret(): T {
    return this.#secret;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return `${this.label}([redacted])`;
  }
}

/** A hot wallet's private key. */
export class HotWalletKey extends Redacted<Hex> {
  protected readonly label = 'HotWalletKey';
  reveal(): Hex {
    return this.secret;
  }
}

/** The deposit account's extended private key (the private side of DEPOSIT_XPUB), which signs the sweeps. */
export class DepositAccountKey extends Redacted<HDKey> {
  protected readonly label = 'DepositAccountKey';
  /** The private key of the deposit address at `index` (0/index, as depositAddressAt derives it). */
  addressKey(index: number): Hex {
    const child = this.secret.deriveChild(0).deriveChild(index);
    if (!child.privateKey) throw new Error('the extended key has no private key');
    return toHex(child.privateKey);
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
   * `EVM_<NETWORK>_DEPOSIT_XPRV`: the private side of `depositXpub`, set in the worker's environment only; with it the
   * worker sweeps deposits into the hot wallet (docs/decisions/092-evm-deposit-sweeps.md). Null: nothing is swept.
   */
  depositXprv: DepositAccountKey | null;
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

/**
 * `<prefix>DEPOSIT_XPRV`, optional: an extended private key that must derive exactly the configured DEPOSIT_XPUB. An
 * error names the variable, never the key.
 */
function depositXprvOf(
  env: Record<string, string | undefined>,
  prefix: string,
  xpub: HDKey | null,
): DepositAccountKey | null {
  const name = `${prefix}DEPOSIT_XPRV`;
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return null;
  if (!xpub) throw new EvmConfigError(`${name} needs ${prefix}DEPOSIT_XPUB, the public key it belongs to`);
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(raw);
  } catch {
    throw new EvmConfigError(`${name} must be an extended private key (xprv...)`);
  }
  if (!key.privateKey) throw new EvmConfigError(`${name} must be an extended private key (xprv...), not a public one`);
  if (key.publicExtendedKey !== xpub.publicExtendedKey) {
    throw new EvmConfigError(`${name} does not belong to ${prefix}DEPOSIT_XPUB: it derives another public key`);
  }
  return new DepositAccountKey(key);
}

/** The default of `EVM_<NETWORK>_REPLACE_AFTER_SECONDS`. */
export const DEFAULT_REPLACE_AFTER_SECONDS = 300;

/**
 * Reads the EVM networks from the environment: `EVM_NETWORKS=ethereum,avalanche` and, for each (upper case),
 * `EVM_<NETWORK>_RPC_URL`, `EVM_<NETWORK>_CHAIN_ID`, `EVM_<NETWORK>_CONFIRMATIONS`, `EVM_<NETWORK>_HOT_WALLET_KEY`
 * (0x and 64 hex digits) or `EVM_<NETWORK>_HOT_WALLET_KEYSTORE` (a v3 keystore file, with `..._PASSWORD` or
 * `..._PASSWORD_FILE`) and `EVM_<NETWORK>_TOKENS` (`USDC=0x...,USDT=0x...`); optionally
 * `EVM_<NETWORK>_REPLACE_AFTER_SECONDS` (default 300), `EVM_<NETWORK>_DEPOSIT_XPUB` and, in the worker,
 * `EVM_<NETWORK>_DEPOSIT_XPRV`. An error names the variable, never a key's value. No
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
    const depositXprv = depositXprvOf(env, prefix, depositXpub);
    return {
      network,
      rpcUrl,
      chainId: positiveInteger(env, `${prefix}CHAIN_ID`, 1),
      confirmations: positiveInteger(env, `${prefix}CONFIRMATIONS`, 1),
      hotWalletKey: key,
      tokens,
      lowBalance,
      depositXpub,
      depositXprv,
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
  /** Whether a network has the deposit account's extended private key (DEPOSIT_XPRV): only then is anything swept. */
  sweepsDeposits(): boolean;
  /**
   * One look at every due sweep (docs/decisions/092-evm-deposit-sweeps.md): tops up a deposit address's gas from the
   * hot wallet, sweeps its tokens into the hot wallet, follows each to its receipt. Writes in its own transactions:
   * the caller holds none. Reports the gas spent and not yet recorded: the caller posts each and claims it.
   */
  sweep(): Promise<EvmSweepReport>;
  /** Marks a gas record posted, in the caller's transaction: false when another process recorded it first. */
  claimSweepFee(tx: Queryable, fee: EvmSweepFee): Promise<boolean>;
}

/** A sweep round that found its receipt: `amount` of the token went from the deposit address to the hot wallet. */
export interface EvmSweep {
  network: string;
  address: Address;
  asset: string;
  round: number;
  /** Minor units of the token. */
  amount: bigint;
  txHash: Hex;
  /** False when the token's transfer reverted (its gas was still spent). */
  ok: boolean;
}

/** The gas one sweep transaction spent (gasUsed x effectiveGasPrice), in the network's native coin. */
export interface EvmSweepFee {
  network: string;
  /** ETH, AVAX, ONE. */
  nativeAsset: string;
  txHash: Hex;
  /** The deposit address swept. */
  address: Address;
  /** The token swept. */
  asset: string;
  round: number;
  /** `top_up`: the hot wallet's gas sent to the address; `sweep`: the token's transfer to the hot wallet. */
  step: 'top_up' | 'sweep';
  /** A top-up: the native coin sent (wei); a sweep: the token's minor units swept. */
  amount: bigint;
  /** Wei (or the native coin's 18-decimal unit). */
  fee: bigint;
}

export interface EvmSweepReport {
  swept: EvmSweep[];
  /** Rounds waiting for a receipt (a top-up's or a sweep's). */
  waiting: number;
  /** Rounds that failed this look (node down, a refused broadcast): tried again at the next. */
  failed: { network: string; address: Address; asset: string; reason: string }[];
  /** Gas spent and not yet posted to the ledger. */
  fees: EvmSweepFee[];
}

type FeeRow = {
  network: string;
  tx_hash: string;
  address: string;
  asset: string;
  round: number;
  step: 'top_up' | 'sweep';
  amount: string;
  fee: string;
};

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
  /** The deposit addresses' keys, derived from the extended private key when a sweep or its replacement signs. */
  signers: Map<string, PrivateKeyAccount>;
}

/** One transaction to sign and store under a reference: a token `transfer`, or the native coin when `token` is null. */
interface TransferSpec {
  reference: string;
  /** The signer: the hot wallet, or a deposit address (a sweep). Its nonces are ordered under its evm_senders row. */
  from: PrivateKeyAccount;
  /** The token's asset code, or the native coin's. */
  asset: string;
  token: Address | null;
  recipient: Address;
  amount: bigint;
  /**
   * A delivery's reference must come back with its own amount; a sweep's step takes what its first signer stored
   * (the amounts read from the chain can differ between two workers, the step is still one transaction).
   */
  exactAmount: boolean;
  /** The most the transaction may spend on gas (a deposit address holds only its top-up): caps the fee. */
  gasBudget?: bigint;
  /** Runs under the sender's lock before a new transaction is signed; false signs nothing (prepare returns null). */
  stillWanted?: (tx: Queryable) => Promise<boolean>;
}

/** A deposit address's sweep round, due: its token balance goes to the hot wallet. */
type SweepRow = {
  address: string;
  asset: string;
  round: number;
  derivation_index: string | number;
};

type TransferRow = {
  reference: string;
  sender: string;
  nonce: string | number;
  asset: string;
  recipient: string;
  amount: string;
  raw_tx: string;
  tx_hash: string;
  broadcast_at: Date | null;
  signed_at: Date;
};

const TRANSFER_COLUMNS = 'reference, sender, nonce, asset, recipient, amount, raw_tx, tx_hash, broadcast_at, signed_at';

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
        signers: new Map(),
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

  /**
   * The stored transaction of a reference, or a new one signed and stored under the sender's lock (a delivery, a
   * sweep's gas top-up from the hot wallet, a sweep from a deposit address: one path, one nonce order per sender).
   * Null when `spec.stillWanted` says no.
   */
  async function prepare(
    network: Network,
    spec: TransferSpec,
  ): Promise<{ transfer: StoredTransfer; fresh: boolean } | null> {
    const { config, client } = network;
    const { from, recipient, token } = spec;
    const sender = from.address.toLowerCase();
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
        `SELECT ${TRANSFER_COLUMNS} FROM evm_transfers WHERE network = $1 AND reference = $2`,
        [config.network, spec.reference],
      );
      const found = existing[0];
      if (found) {
        if (
          found.asset !== spec.asset ||
          found.sender !== sender ||
          found.recipient !== recipient.toLowerCase() ||
          (spec.exactAmount && BigInt(found.amount) !== spec.amount)
        ) {
          throw new Error(`Reference ${spec.reference} was already delivered on ${config.network} with other terms`);
        }
        return {
          transfer: toStored(config.network, found),
          fresh: false,
        };
      }
      if (spec.stillWanted && !(await spec.stillWanted(tx))) return null;
      // The node's pending count covers transactions sent outside this database; the stored next nonce covers
      // transactions stored here and not broadcast yet. The larger one is free.
      const pending = await client.getTransactionCount({ address: from.address, blockTag: 'pending' });
      const nonce = Math.max(Number(locked[0]!.next_nonce), pending);
      const call = token
        ? {
            to: token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, spec.amount] }),
            value: 0n,
          }
        : { to: recipient, data: undefined, value: spec.amount };
      const [fees, estimate] = await Promise.all([
        client.estimateFeesPerGas({ chain: null, type: 'eip1559' }),
        client.estimateGas({ account: from.address, ...call }),
      ]);
      // A margin over the estimate: the estimate ran against the latest block, not the one that will hold it.
      const gas = (estimate * 12n) / 10n;
      let { maxFeePerGas, maxPriorityFeePerGas } = fees;
      if (spec.gasBudget !== undefined && gas * maxFeePerGas > spec.gasBudget) {
        // What the address holds is all it can pay: offered, it lands when the market's fee allows.
        maxFeePerGas = spec.gasBudget / gas;
        if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas;
      }
      const rawTx = await from.signTransaction({
        type: 'eip1559',
        chainId: config.chainId,
        nonce,
        ...call,
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const txHash = keccak256(rawTx);
      const signedAt = clock.now();
      await tx.query(
        `INSERT INTO evm_transfers
           (network, reference, sender, nonce, asset, token, recipient, amount, raw_tx, tx_hash, signed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          config.network,
          spec.reference,
          sender,
          nonce,
          spec.asset,
          token ? token.toLowerCase() : null,
          recipient.toLowerCase(),
          spec.amount.toString(),
          rawTx,
          txHash,
          signedAt,
        ],
      );
      await storeVersion(tx, config.network, spec.reference, txHash, rawTx, signedAt);
      await tx.query('UPDATE evm_senders SET next_nonce = $3 WHERE network = $1 AND sender = $2', [
        config.network,
        sender,
        nonce + 1,
      ]);
      return {
        transfer: { network: config.network, reference: spec.reference, nonce, txHash, rawTx },
        fresh: true,
      };
    });
  }

  /**
   * Prepares a transfer (the stored one, or a new one signed and stored) and broadcasts it: sent again even when
   * already broadcast, which is harmless (the node knows it) and revives a dropped transaction. Null when
   * `spec.stillWanted` says no.
   */
  async function send(network: Network, spec: TransferSpec): Promise<StoredTransfer | null> {
    const prepared = await prepare(network, spec);
    if (!prepared) return null;
    if (prepared.fresh) await options.afterStore?.(prepared.transfer);
    await broadcast(network, prepared.transfer);
    return prepared.transfer;
  }

  /** The key that signs for `sender`: the hot wallet's, or a deposit address's derived from the extended private key. */
  async function signerFor(network: Network, sender: string): Promise<PrivateKeyAccount> {
    if (sender.toLowerCase() === network.account.address.toLowerCase()) return network.account;
    const cached = network.signers.get(sender.toLowerCase());
    if (cached) return cached;
    const { rows } = await db.query<{ derivation_index: string | number }>(
      'SELECT derivation_index FROM evm_deposit_addresses WHERE network = $1 AND address = $2',
      [network.config.network, sender.toLowerCase()],
    );
    if (!rows[0])
      throw new Error(`${sender} is neither the hot wallet nor a deposit address on ${network.config.network}`);
    return depositSigner(network, sender, Number(rows[0].derivation_index));
  }

  function depositSigner(network: Network, address: string, index: number): PrivateKeyAccount {
    const cached = network.signers.get(address.toLowerCase());
    if (cached) return cached;
    const key = network.config.depositXprv;
    if (!key) throw new EvmConfigError(`${network.config.network} has no DEPOSIT_XPRV: deposits are not swept`);
    const signer = privateKeyToAccount(key.addressKey(index));
    if (signer.address.toLowerCase() !== address.toLowerCase()) {
      throw new Error(`The deposit key at index ${index} does not derive ${address} on ${network.config.network}`);
    }
    network.signers.set(address.toLowerCase(), signer);
    return signer;
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
  async function replace(network: Network, current: StoredTransfer, sender: string): Promise<StoredTransfer> {
    const { config, client } = network;
    const account = await signerFor(network, sender);
    const signed = parseTransaction(current.rawTx);
    const offered = { maxFee: signed.maxFeePerGas ?? 0n, tip: signed.maxPriorityFeePerGas ?? 0n };
    const market = await client.estimateFeesPerGas({ chain: null, type: 'eip1559' });
    // Not below the market: a fee rise would not help (an earlier nonce is stuck, or blocks are full); it waits.
    if (market.maxFeePerGas <= offered.maxFee && market.maxPriorityFeePerGas <= offered.tip) return current;
    const maxPriorityFeePerGas = maxOf(market.maxPriorityFeePerGas, bumped(offered.tip));
    const maxFeePerGas = maxOf(maxOf(market.maxFeePerGas, bumped(offered.maxFee)), maxPriorityFeePerGas);
    if (account !== network.account) {
      // A deposit address has only its top-up to pay with: a replacement it cannot afford is not signed.
      const balance = await client.getBalance({ address: account.address });
      if (signed.gas! * maxFeePerGas + (signed.value ?? 0n) > balance) return current;
    }
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
        ...(signed.data ? { data: signed.data } : {}),
        value: signed.value ?? 0n,
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

  /**
   * Follows a stored transfer: the version mined, if any; else its current version is sent again when the node lost
   * it, and replaced once it waited `replaceAfterSeconds` below the market's fee (decision 088).
   */
  async function followStored(network: Network, row: TransferRow): Promise<{ txHash: Hex; mined: boolean }> {
    const { config } = network;
    const mined = await minedVersion(network, await versionsOf(network, row.reference));
    if (mined) return { txHash: mined, mined: true };
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
    if (waitedMs < config.replaceAfterSeconds * 1000) return { txHash: current.txHash, mined: false };
    return { txHash: (await replace(network, current, row.sender)).txHash, mined: false };
  }

  /** The gas a mined transaction spent, kept once per transaction until the caller posts it to the ledger. */
  async function keepFee(
    network: Network,
    txHash: Hex,
    row: SweepRow,
    step: 'top_up' | 'sweep',
    amount: bigint,
  ): Promise<'success' | 'reverted'> {
    const receipt = await network.client.getTransactionReceipt({ hash: txHash });
    await db.query(
      `INSERT INTO evm_sweep_fees (network, tx_hash, address, asset, round, step, amount, fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        network.config.network,
        txHash.toLowerCase(),
        row.address,
        row.asset,
        row.round,
        step,
        amount.toString(),
        (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      ],
    );
    return receipt.status;
  }

  /** The round is over: the next one starts if a deposit came meanwhile. Only the first to finish it moves it. */
  async function finishRound(network: Network, row: SweepRow): Promise<void> {
    await db.query(
      `UPDATE evm_sweeps
          SET due = again, round = CASE WHEN again THEN round + 1 ELSE round END, again = false, updated_at = now()
        WHERE network = $1 AND address = $2 AND asset = $3 AND round = $4 AND due`,
      [network.config.network, row.address, row.asset, row.round],
    );
  }

  /**
   * One look at a due round: follows its sweep transfer to a receipt (then the round is over), else its top-up, else
   * reads the address's balances and signs the top-up the gas needs, or the sweep. Each step's reference names the
   * round: whatever the retries, the workers or the crashes, each is signed once.
   */
  async function sweepRound(network: Network, row: SweepRow): Promise<EvmSweep | 'waiting' | 'nothing'> {
    const { config, client, account } = network;
    const token = config.tokens.find((t) => t.asset === row.asset);
    if (!token) throw new EvmConfigError(`${row.asset} is no longer a token of ${config.network}`);
    const address = getAddress(row.address);
    const round = `${row.address}:${row.asset}:${row.round}`;
    const references = { topUp: `sweep-gas:${round}`, sweep: `sweep:${round}` };
    const { rows: stored } = await db.query<TransferRow>(
      `SELECT ${TRANSFER_COLUMNS} FROM evm_transfers WHERE network = $1 AND reference = ANY($2::text[])`,
      [config.network, [references.topUp, references.sweep]],
    );
    const sweepRow = stored.find((r) => r.reference === references.sweep);
    const topUpRow = stored.find((r) => r.reference === references.topUp);
    if (sweepRow) {
      const followed = await followStored(network, sweepRow);
      if (!followed.mined) return 'waiting';
      const amount = BigInt(sweepRow.amount);
      const status = await keepFee(network, followed.txHash, row, 'sweep', amount);
      await finishRound(network, row);
      return {
        network: config.network,
        address,
        asset: row.asset,
        round: row.round,
        amount,
        txHash: followed.txHash,
        ok: status === 'success',
      };
    }
    if (topUpRow) {
      const followed = await followStored(network, topUpRow);
      if (!followed.mined) return 'waiting';
      await keepFee(network, followed.txHash, row, 'top_up', BigInt(topUpRow.amount));
    }
    // What a reorganisation can no longer take (the final depth's balance), and not what a sweep already took.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const final = head - BigInt(config.confirmations - 1);
    const balanceAt = (blockNumber?: bigint) =>
      client.readContract({
        address: token.contract,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      });
    const [latest, atFinal] = await Promise.all([balanceAt(), balanceAt(final < 0n ? 0n : final)]);
    const amount = latest < atFinal ? latest : atFinal;
    if (amount === 0n) {
      await finishRound(network, row);
      return 'nothing';
    }
    const stillDue = async (tx: Queryable) => {
      const { rows } = await tx.query(
        `SELECT 1 FROM evm_sweeps WHERE network = $1 AND address = $2 AND asset = $3 AND round = $4 AND due FOR UPDATE`,
        [config.network, row.address, row.asset, row.round],
      );
      return rows.length === 1;
    };
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account.address, amount] });
    const [fees, estimate, native] = await Promise.all([
      client.estimateFeesPerGas({ chain: null, type: 'eip1559' }),
      client.estimateGas({ account: address, to: token.contract, data }),
      client.getBalance({ address }),
    ]);
    // The gas the sweep offers to pay (prepare's margin over the estimate, at the market's maximum fee).
    const needed = ((estimate * 12n) / 10n) * fees.maxFeePerGas;
    if (native < needed && !topUpRow) {
      // Topped up to twice that: the fee may rise before the sweep is signed. From the hot wallet, in its nonce order.
      await send(network, {
        reference: references.topUp,
        from: account,
        asset: EVM_NATIVE_COINS[config.network] ?? 'ETH',
        token: null,
        recipient: address,
        amount: needed * 2n - native,
        exactAmount: false,
        stillWanted: stillDue,
      });
      return 'waiting';
    }
    await send(network, {
      reference: references.sweep,
      from: depositSigner(network, address, Number(row.derivation_index)),
      asset: row.asset,
      token: token.contract,
      recipient: account.address,
      amount,
      exactAmount: false,
      gasBudget: native,
      stillWanted: stillDue,
    });
    return 'waiting';
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
      const sent = (await send(network, {
        reference: input.reference,
        from: network.account,
        asset: token.asset,
        token: token.contract,
        recipient: getAddress(input.address),
        amount: input.amount,
        exactAmount: true,
      }))!;
      return { ok: true, txHash: sent.txHash };
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
      if (rowCount !== 1) return false;
      // Each address and token that received something is due for a sweep (decision 092): a new round when the last
      // one finished, else the round under way is asked to go again once it is done.
      const due = new Map(batch.deposits.map((d) => [`${d.address.toLowerCase()} ${d.asset}`, d]));
      if (due.size > 0) {
        await tx.query(
          `INSERT INTO evm_sweeps (network, address, asset)
             SELECT $1, unnest($2::text[]), unnest($3::text[])
           ON CONFLICT (network, address, asset) DO UPDATE
             SET again = evm_sweeps.due,
                 round = CASE WHEN evm_sweeps.due THEN evm_sweeps.round ELSE evm_sweeps.round + 1 END,
                 due = true,
                 updated_at = now()`,
          [batch.network, [...due.values()].map((d) => d.address.toLowerCase()), [...due.values()].map((d) => d.asset)],
        );
      }
      return true;
    },

    sweepsDeposits: () => [...networks.values()].some((n) => n.config.depositXprv !== null),

    async sweep() {
      const report: EvmSweepReport = { swept: [], waiting: 0, failed: [], fees: [] };
      for (const network of networks.values()) {
        const { config } = network;
        if (!config.depositXprv) continue;
        const { rows } = await db.query<SweepRow>(
          `SELECT s.address, s.asset, s.round, a.derivation_index
             FROM evm_sweeps s JOIN evm_deposit_addresses a ON a.network = s.network AND a.address = s.address
            WHERE s.network = $1 AND s.due
            ORDER BY s.updated_at, s.address, s.asset`,
          [config.network],
        );
        // One token of an address at a time: its rounds share the address's gas and nonces.
        const busy = new Set<string>();
        for (const row of rows) {
          if (busy.has(row.address)) continue;
          try {
            const outcome = await sweepRound(network, row);
            if (outcome === 'waiting') {
              busy.add(row.address);
              report.waiting += 1;
            } else if (outcome !== 'nothing') report.swept.push(outcome);
          } catch (error) {
            busy.add(row.address);
            report.failed.push({
              network: config.network,
              address: getAddress(row.address),
              asset: row.asset,
              reason: shortMessage(error),
            });
          }
        }
        const { rows: fees } = await db.query<FeeRow>(
          `SELECT network, tx_hash, address, asset, round, step, amount::text, fee::text FROM evm_sweep_fees
            WHERE network = $1 AND recorded_at IS NULL ORDER BY created_at, tx_hash`,
          [config.network],
        );
        for (const fee of fees) {
          report.fees.push({
            network: fee.network,
            nativeAsset: EVM_NATIVE_COINS[fee.network] ?? 'ETH',
            txHash: fee.tx_hash as Hex,
            address: getAddress(fee.address),
            asset: fee.asset,
            round: Number(fee.round),
            step: fee.step,
            amount: BigInt(fee.amount),
            fee: BigInt(fee.fee),
          });
        }
      }
      return report;
    },

    async claimSweepFee(tx, fee) {
      const { rowCount } = await tx.query(
        `UPDATE evm_sweep_fees SET recorded_at = now() WHERE network = $1 AND tx_hash = $2 AND recorded_at IS NULL`,
        [fee.network, fee.txHash.toLowerCase()],
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
      const { rows } = await db.query<TransferRow>(
        `SELECT t.reference, t.sender, t.nonce, t.asset, t.recipient, t.amount, t.raw_tx, t.tx_hash, t.broadcast_at,
                t.signed_at
           FROM evm_transfer_versions v
           JOIN evm_transfers t ON t.network = v.network AND t.reference = v.reference
          WHERE v.network = $1 AND v.tx_hash = $2`,
        [config.network, txHash.toLowerCase()],
      );
      const row = rows[0];
      if (!row) return txHash;
      return (await followStored(network, row)).txHash;
    },

    async resumeUnsent() {
      let count = 0;
      for (const network of networks.values()) {
        // The hot wallet's transactions and the deposit addresses' sweeps, each sender's in its nonce order.
        const { rows } = await db.query<TransferRow>(
          `SELECT ${TRANSFER_COLUMNS} FROM evm_transfers
            WHERE network = $1 AND broadcast_at IS NULL
              AND (sender = $2 OR sender IN (SELECT address FROM evm_deposit_addresses WHERE network = $1))
            ORDER BY sender, nonce`,
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
