import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_VERSION, API_VERSION_HEADER, installZodMessages } from '@rampart/contracts';
import type { Config } from './config';
import type { Db } from './db';
import type { JobQueue } from './jobs/queue';
import { loggerOptions } from './lib/logger';
import { requestValidatorCompiler } from './lib/request-validator';
import errorsPlugin, { clientErrorReply, sendError, toAppError } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import rateLimitPlugin from './plugins/rate-limit';
import { openSharedLimits } from './lib/shared-limits';
import spaPlugin from './plugins/spa';
import authPlugin from './plugins/auth';
import { createFreezeGuard } from './plugins/freeze-guard';
import idempotencyPlugin from './plugins/idempotency';
import { systemRoutes } from './modules/system';
import { createMetrics, observeRequests, observabilityRoutes } from './modules/observability';
import { identityRoutes, createIdentityContext, createTradeStepUp, verifyBearer } from './modules/identity';
import { systemClock, type Clock } from './lib/clock';
import { accountsRoutes, type AccountsContext } from './modules/accounts';
import { kycRoutes, kycDocumentRoutes } from './modules/kyc';
import { assetWithdrawalRoutes, holdingsRoutes } from './modules/holdings';
import { assetDepositRoutes } from './modules/asset-deposits';
import { sandboxRoutes } from './modules/sandbox';
import {
  verificationRoutes,
  type VerificationContext,
  ensureCaptureOpen,
  verifyCaptureBearer,
} from './modules/verification';
import { bankMethodRoutes, verifyBankLinkBearer } from './modules/methods';
import { cardFormRoutes, cardRoutes } from './modules/cards';
import { createSandboxCardProcessor } from './providers/card-processor/sandbox';
import type { CardProcessorProvider } from './providers/card-processor/types';
import { transferRoutes, transferSandboxRoutes, type TransfersContext } from './modules/transfers';
import { rampAssetRoutes, rampQuoteRoutes } from './modules/ramp';
import { orderRoutes, sandboxSellOrderDeposit, ordersContextFrom } from './modules/orders';
import { createSandboxChainGateway } from './providers/chain-gateway/sandbox';
import { createPriceProvider, type PriceProvider } from './providers/prices';
import { createLocalFolderStorage } from './providers/storage/local-folder';
import type { FileStorage } from './providers/storage/types';
import { createSandboxCustodian } from './providers/custodian/sandbox';
import type { CustodianProvider } from './providers/custodian/types';

export interface AppDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  /** Tests pass a manual clock to move through expiry and lockout windows. */
  clock?: Clock;
  /** The process's custodian (jobs/registry.ts makes it); the built-in sandbox when not given. */
  custodian?: CustodianProvider;
  /** Where uploaded KYC documents go; a local folder under DATA_DIR/uploads when not given. */
  storage?: FileStorage;
  /** The card processor; the built-in sandbox (its own tables in the same database) when not given. */
  cardProcessor?: CardProcessorProvider;
  /** Market prices; from the config (PRICE_FEED_URL, else the table) when not given. */
  prices?: PriceProvider;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * TRUST_PROXY as Fastify takes it (decision 052). A number of proxies becomes a function that believes that many hops
 * from the socket: Fastify's own number form trusts none, and `true` would believe the client's left-most entry.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

/** Builds the app: external plugins, then app plugins, then module routes (docs/design-brief.md, section 2). */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  installZodMessages();
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Keep user input out of prototype chains, always.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A path that is not valid percent-encoding (/api/r/%zz) never reaches the error handler: Fastify's own reply
    // would not be the API's error shape (decision 003; found by the hardening sweep, decision 038).
    frameworkErrors: (error, request, reply) => sendError(toAppError(error), request, reply),
    // Bytes that never become a request (a Content-Length shorter than the body...): the same error shape (decision 051).
    clientErrorHandler: clientErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  // NUL and lone surrogates are refused in every string of every request before its schema runs (decision 051).
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Request counts and latencies per route pattern, and the scrape-time database series (decision 036).
  const metrics = createMetrics({
    db: deps.db,
    version: config.version,
    stage: config.stage,
    onSnapshotError: (error) => app.log.warn({ err: error }, 'metrics: the database did not answer the scrape'),
  });
  observeRequests(app, metrics);
  if (!config.metrics.enabled)
    app.log.warn('METRICS_TOKEN is not set: GET /api/metrics is off in production (decision 052)');

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { config });

  const clock = deps.clock ?? systemClock;
  const accounts: AccountsContext = {
    db: deps.db,
    jobs: deps.jobs,
    clock,
    custodian: deps.custodian ?? createSandboxCustodian(),
    config,
  };
  // Decision 037: with REDIS_URL the request limits and lockouts are shared by all instances (an unreachable Redis stops the start).
  const shared = await openSharedLimits(config, app.log);
  app.addHook('onClose', shared.close);
  const identity = await createIdentityContext({
    db: deps.db,
    jobs: deps.jobs,
    clock,
    flags: config.flags,
    jwtSecret: config.jwtSecret,
    attemptStore: shared.attemptStore,
  });
  const verification: VerificationContext = { db: deps.db, jobs: deps.jobs, clock, tokens: identity.tokens };

  await app.register(
    async (api) => {
      // API replies are personal: never cached by browsers or proxies unless a route says otherwise.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        // Document 2, section 9's "API version v1" (decision 064), on every reply, errors included.
        reply.header(API_VERSION_HEADER, API_VERSION);
      });
      // Requests per client and minute, stricter on the sign-in and code routes (decision 037); before every route below.
      await api.register(rateLimitPlugin, {
        ...config.rateLimits,
        redis: shared.redis,
        keyPrefix: config.redis?.keyPrefix ?? '',
        userOf: async (token) => (await identity.tokens.verifySessionToken(token, ['access', 'api']))?.userGuid ?? null,
      });
      // `app.authenticate`, `app.authenticateCapture` and `request.user` for every module below.
      // R5: a frozen account's signed-in calls answer 401 with the frozen marker (plugins/freeze-guard.ts).
      await api.register(authPlugin, {
        verify: (token) => verifyBearer(identity, token),
        verifyCapture: (token) => verifyCaptureBearer(verification, token),
        verifyBankLink: (token) => verifyBankLinkBearer(deps.db, token, clock.now()),
        guard: createFreezeGuard(deps.db),
      });
      // R16: routes marked `idempotent` claim their Idempotency-Key (decision 018).
      await api.register(idempotencyPlugin, { db: deps.db, clock });
      await api.register(systemRoutes, { config, db: deps.db, jobs: deps.jobs });
      // GET /metrics, and R22's POST /client-errors and /analytics (public, size-limited).
      await api.register(observabilityRoutes, { metrics, scrape: config.metrics });
      // R22: confirming a sign-up and completing a sign-in count as product events (decision 036).
      await api.register(identityRoutes, {
        identity: { ...identity, events: metrics.events },
        devOutbox: config.env !== 'production',
      });
      await api.register(accountsRoutes, { ctx: accounts });
      await api.register(kycRoutes, { ctx: accounts, flags: config.flags });
      await api.register(kycDocumentRoutes, {
        ctx: {
          db: deps.db,
          clock,
          storage: deps.storage ?? createLocalFolderStorage(path.join(config.dataDir, 'uploads')),
          uploadLimitBytes: config.uploadLimitBytes,
          ensureCaptureOpen: (user) => ensureCaptureOpen(deps.db, user),
        },
      });
      await api.register(holdingsRoutes, { db: deps.db });
      await api.register(assetWithdrawalRoutes, {
        ctx: {
          db: deps.db,
          clock,
          jobs: deps.jobs,
          gateway: createSandboxChainGateway({ confirmationDelaySeconds: config.chainConfirmationDelaySeconds }),
          flags: config.flags,
          delaySeconds: config.assetWithdrawalDelaySeconds,
        },
        // Decision 054: the trade step-up's machinery with codes of the 'withdrawal' purpose.
        stepUp: createTradeStepUp(identity, 'withdrawal'),
        publicUrl: config.publicUrl,
      });
      // The "assets addition" flag: a deposit address per asset, and in sandbox mode its deposit arriving (decision 069).
      await api.register(assetDepositRoutes, {
        ctx: {
          db: deps.db,
          clock,
          gateway: createSandboxChainGateway({ confirmationDelaySeconds: config.chainConfirmationDelaySeconds }),
          flags: config.flags,
        },
        sandbox: config.sandbox,
      });
      await api.register(sandboxRoutes, { ctx: accounts, enabled: config.sandbox });
      await api.register(verificationRoutes, {
        ctx: { ...verification, events: metrics.events },
        publicUrl: config.publicUrl,
        flags: config.flags,
      });
      await api.register(bankMethodRoutes, { db: deps.db, clock, config, publicUrl: config.publicUrl });
      const cards = {
        db: deps.db,
        clock,
        jobs: deps.jobs,
        processor: deps.cardProcessor ?? createSandboxCardProcessor({ db: deps.db }),
      };
      await api.register(cardRoutes, { ctx: cards, flags: config.flags });
      await api.register(cardFormRoutes, { ctx: cards, config });
      // Deposits and withdrawals (decision 015); their sandbox settle calls exist only in sandbox mode (R4).
      const transfers: TransfersContext = { db: deps.db, clock, jobs: deps.jobs, publicUrl: config.publicUrl };
      await api.register(transferRoutes, { ctx: transfers, flags: config.flags });
      const orders = ordersContextFrom(
        config,
        { db: deps.db, clock, jobs: deps.jobs, ...(deps.prices ? { prices: deps.prices } : {}) },
        createSandboxChainGateway,
      );
      // The test sell flow sends the deposit of a waiting sell order when there is one (decision 028).
      await api.register(transferSandboxRoutes, {
        ctx: transfers,
        enabled: config.sandbox,
        sellOrderDeposit: (userGuid, depositKey) => sandboxSellOrderDeposit(orders, userGuid, depositKey),
      });
      // The ramp's assets and 'notify me' (decision 022).
      await api.register(rampAssetRoutes, { db: deps.db, clock, config });
      // Quotes, estimates and limits (decision 023).
      const quotes = {
        db: deps.db,
        clock,
        prices: deps.prices ?? createPriceProvider(config),
        flags: config.flags,
        quoteTtlSeconds: config.quoteTtlSeconds,
        quoteRateLimitPerMinute: config.quoteRateLimitPerMinute,
      };
      await api.register(rampQuoteRoutes, { ctx: quotes });
      // Orders, tracking and short links (decision 024).
      // R2: an order is confirmed with the user's second factor (decision 027).
      await api.register(orderRoutes, {
        ctx: orders,
        stepUp: createTradeStepUp(identity),
        sandbox: config.sandbox,
      });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
