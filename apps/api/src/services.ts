import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';
import type { SharedLimits } from './lib/shared-limits';
import type { AccountsContext } from './modules/accounts';
import type { AssetDepositsContext } from './modules/asset-deposits';
import type { CardsContext } from './modules/cards';
import type { AssetWithdrawalsContext, WithdrawalStepUp } from './modules/holdings';
import { createIdentityContext, createTradeStepUp, type IdentityContext, type TradeStepUp } from './modules/identity';
import type { DocumentsContext } from './modules/kyc';
import type { MethodsContext } from './modules/methods';
import { ordersContextFrom, type OrdersContext } from './modules/orders';
import type { SandboxContext } from './modules/sandbox';
import type { InterestContext, QuotesContext } from './modules/ramp';
import { assetDecimals, isAssetCode } from './modules/ledger';
import type { TransfersContext } from './modules/transfers';
import { ensureCaptureOpen, type VerificationContext } from './modules/verification';
import { createSandboxBankLink, loadSandboxBankLinkSecret } from './providers/bank-link/sandbox';
import type { BankLinkProvider } from './providers/bank-link/types';
import { createSandboxCardProcessor } from './providers/card-processor/sandbox';
import type { CardProcessorProvider } from './providers/card-processor/types';
import { createEvmChainGateway, EvmNetworkMismatchError, type EvmChainGateway } from './providers/chain-gateway/evm';
import { createRoutedChainGateway } from './providers/chain-gateway/routed';
import { createSandboxChainGateway } from './providers/chain-gateway/sandbox';
import type { ChainGateway } from './providers/chain-gateway/types';
import { createSandboxCustodian } from './providers/custodian/sandbox';
import type { CustodianProvider } from './providers/custodian/types';
import { createSandboxIdentityDocuments } from './providers/identity-documents/sandbox';
import type { IdentityDocumentProvider } from './providers/identity-documents/types';
import { createMailer, type Mailer } from './providers/mail';
import { createPriceProvider, type PriceProvider } from './providers/prices';
import { createLogSmsSender } from './providers/sms/log-sms';
import type { SmsSender } from './providers/sms/types';
import { createLocalFolderStorage } from './providers/storage/local-folder';
import type { FileStorage } from './providers/storage/types';

/**
 * The composition root (decision 076). Every process (the API, `npm run worker`, the admin command) builds its
 * providers and module contexts here, once, and hands the one `Services` to whatever it runs: the app's route
 * plugins, the job list and the worker loop. Nothing else constructs a provider or a module context.
 */

/** The outside services, each behind its own interface; one instance of each per process. */
export interface Providers {
  mailer: Mailer;
  sms: SmsSender;
  custodian: CustodianProvider;
  identityDocuments: IdentityDocumentProvider;
  /** Every network of the catalogue: the EVM gateway's networks routed to it, the rest to the sandbox. */
  chainGateway: ChainGateway;
  /** The real EVM gateway behind chainGateway when EVM_NETWORKS names any network (its hot wallets' balances). */
  evmGateway: EvmChainGateway | null;
  prices: PriceProvider;
  cardProcessor: CardProcessorProvider;
  /** Where uploaded KYC documents go. */
  storage: FileStorage;
  bankLink: BankLinkProvider;
}

/**
 * The process's providers: the configured mailer and price feed, the built-in sandboxes for the rest (the card
 * processor keeps its own tables in the same database; the bank link's signing key is shared through the database,
 * so a link started on one API process can be finished on another). Tests replace any of them through `overrides`.
 * Needs the current schema (the bank link's key lives in app_settings).
 */
export async function createProviders(
  config: Config,
  db: Db,
  logger: FastifyBaseLogger,
  overrides: Partial<Providers> = {},
  options: { verifyChains?: boolean } = {},
): Promise<Providers> {
  const evmGateway =
    overrides.evmGateway !== undefined
      ? overrides.evmGateway
      : config.evm.networks.length > 0
        ? createEvmChainGateway({
            db,
            networks: config.evm.networks,
            confirmationPollMs: config.evm.confirmationPollSeconds * 1000,
          })
        : null;
  if (evmGateway && !overrides.chainGateway && options.verifyChains !== false) {
    // Before anything is sent, and outside any order's transaction: a node on another chain or a token with other
    // decimals than the ledger's stops the start (the message names the network and the token, never the key).
    await evmGateway.verify(ledgerDecimals);
  }
  const sandboxGateway = createSandboxChainGateway({ confirmationDelaySeconds: config.chainConfirmationDelaySeconds });
  return {
    mailer: overrides.mailer ?? createMailer(config, logger),
    sms: overrides.sms ?? createLogSmsSender(logger, { includeBody: config.env !== 'production' }),
    custodian: overrides.custodian ?? createSandboxCustodian(),
    identityDocuments: overrides.identityDocuments ?? createSandboxIdentityDocuments(),
    chainGateway:
      overrides.chainGateway ??
      (evmGateway
        ? createRoutedChainGateway({
            fallback: sandboxGateway,
            routes: [{ gateway: evmGateway, networks: evmGateway.networks }],
          })
        : sandboxGateway),
    evmGateway,
    prices: overrides.prices ?? createPriceProvider(config),
    cardProcessor: overrides.cardProcessor ?? createSandboxCardProcessor({ db }),
    storage: overrides.storage ?? createLocalFolderStorage(path.join(config.dataDir, 'uploads')),
    bankLink: overrides.bankLink ?? createSandboxBankLink({ secret: await loadSandboxBankLinkSecret(db) }),
  };
}

/** The ledger's decimals of an asset a network's configuration names; one it does not know stops the start. */
function ledgerDecimals(asset: string): number {
  if (!isAssetCode(asset)) throw new EvmNetworkMismatchError(`${asset} is not an asset of the ledger`);
  return assetDecimals(asset);
}

/** Everything a process runs on: its infrastructure, its providers and every module's context, each built once. */
export interface Services {
  config: Config;
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  providers: Providers;
  /** The request limits' Redis and the lockout counters' store when REDIS_URL is set (decision 037). */
  sharedLimits: SharedLimits;
  accounts: AccountsContext;
  /** The sandbox screen's calls: the accounts module's context and the bank link whose items it resets. */
  sandbox: SandboxContext & { bankLink: BankLinkProvider };
  identity: IdentityContext;
  /** The second factor an order is confirmed with (decision 027). */
  tradeStepUp: TradeStepUp;
  /** The same machinery with codes of the 'withdrawal' purpose (decision 054). */
  withdrawalStepUp: WithdrawalStepUp;
  verification: VerificationContext;
  kycDocuments: DocumentsContext;
  assetWithdrawals: AssetWithdrawalsContext;
  assetDeposits: AssetDepositsContext;
  methods: MethodsContext;
  cards: CardsContext;
  transfers: TransfersContext;
  orders: OrdersContext;
  interests: InterestContext;
  quotes: QuotesContext;
}

/** Nothing shared: the request limits stay in the process and the lockouts in the database. */
const NO_SHARED_LIMITS: SharedLimits = { redis: null, attemptStore: undefined, close: async () => undefined };

/**
 * Builds every module context from the process's settings, database, queue, clock and providers. The owner of the
 * infrastructure (db, jobs, sharedLimits, the mailer) closes it; the contexts hold nothing to close.
 */
export async function createServices(deps: {
  config: Config;
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  providers: Providers;
  sharedLimits?: SharedLimits;
}): Promise<Services> {
  const { config, db, jobs, clock, providers } = deps;
  const sharedLimits = deps.sharedLimits ?? NO_SHARED_LIMITS;
  const accounts: AccountsContext = { db, jobs, clock, custodian: providers.custodian, config };
  const identity = await createIdentityContext({
    db,
    jobs,
    clock,
    flags: config.flags,
    jwtSecret: config.jwtSecret,
    attemptStore: sharedLimits.attemptStore,
  });
  return {
    config,
    db,
    jobs,
    clock,
    providers,
    sharedLimits,
    accounts,
    sandbox: { ...accounts, bankLink: providers.bankLink },
    identity,
    tradeStepUp: createTradeStepUp(identity),
    withdrawalStepUp: createTradeStepUp(identity, 'withdrawal'),
    verification: { db, jobs, clock, tokens: identity.tokens },
    kycDocuments: {
      db,
      clock,
      storage: providers.storage,
      uploadLimitBytes: config.uploadLimitBytes,
      ensureCaptureOpen: (user) => ensureCaptureOpen(db, user),
    },
    assetWithdrawals: {
      db,
      clock,
      jobs,
      gateway: providers.chainGateway,
      flags: config.flags,
      delaySeconds: config.assetWithdrawalDelaySeconds,
    },
    assetDeposits: { db, clock, gateway: providers.chainGateway, flags: config.flags },
    methods: { db, clock, bankLink: providers.bankLink, blacklistedBanks: config.flags.blacklistedBanks },
    cards: { db, clock, jobs, processor: providers.cardProcessor },
    transfers: { db, clock, jobs, publicUrl: config.publicUrl },
    orders: ordersContextFrom(config, { db, clock, jobs, gateway: providers.chainGateway, prices: providers.prices }),
    interests: { db, clock, flags: config.flags },
    quotes: {
      db,
      clock,
      prices: providers.prices,
      flags: config.flags,
      quoteTtlSeconds: config.quoteTtlSeconds,
      quoteRateLimitPerMinute: config.quoteRateLimitPerMinute,
    },
  };
}
