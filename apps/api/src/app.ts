import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_VERSION, API_VERSION_HEADER, installZodMessages } from '@rampart/contracts';
import type { Config } from './config';
import type { Services } from './services';
import { loggerOptions } from './lib/logger';
import { requestValidatorCompiler } from './lib/request-validator';
import errorsPlugin, { clientErrorReply, sendError, toAppError } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import rateLimitPlugin from './plugins/rate-limit';
import spaPlugin from './plugins/spa';
import authPlugin from './plugins/auth';
import { createFreezeGuard } from './plugins/freeze-guard';
import idempotencyPlugin from './plugins/idempotency';
import { systemRoutes } from './modules/system';
import { createMetrics, observeRequests } from './modules/observability';
import { observabilityRoutes } from './modules/observability';
import { identityRoutes } from './modules/identity';
import { verifyBearer } from './modules/identity';
import { accountsRoutes } from './modules/accounts';
import { kycRoutes } from './modules/kyc';
import { kycDocumentRoutes } from './modules/kyc';
import { assetWithdrawalRoutes, holdingsRoutes } from './modules/holdings';
import { assetDepositRoutes } from './modules/asset-deposits';
import { sandboxRoutes } from './modules/sandbox';
import { verificationRoutes } from './modules/verification';
import { bankMethodRoutes } from './modules/methods';
import { verifyBankLinkBearer } from './modules/methods';
import { cardFormRoutes, cardRoutes } from './modules/cards';
import { transferRoutes, transferSandboxRoutes } from './modules/transfers';
import { rampAssetRoutes } from './modules/ramp';
import { rampQuoteRoutes } from './modules/ramp';
import { orderRoutes, sandboxSellOrderDeposit } from './modules/orders';
import { verifyCaptureBearer } from './modules/verification';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * TRUST_PROXY as Fastify takes it (decision 052). A number of proxies becomes a function that believes that many hops
 * from the socket: Fastify's own number form trusts none, and `true` would believe the client's left-most entry.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

/**
 * Builds the app: external plugins, then app plugins, then module routes (docs/design-brief.md, section 2). Every
 * module's context and provider comes from `services` (services.ts, decision 076): the app constructs none.
 */
export async function buildApp(
  services: Services,
  options: { logger?: boolean; logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const { config, db, jobs, clock, sharedLimits: shared } = services;
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
    db,
    version: config.version,
    stage: config.stage,
    onSnapshotError: (error) => app.log.warn({ err: error }, 'metrics: the database did not answer the scrape'),
    hotWallets: services.providers.evmGateway,
    onHotWalletsError: (error) => app.log.warn({ err: error }, 'metrics: an EVM node did not answer the scrape'),
  });
  observeRequests(app, metrics);
  if (!config.metrics.enabled)
    app.log.warn('METRICS_TOKEN is not set: GET /api/metrics is off in production (decision 052)');

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { config });

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
        userOf: async (token) =>
          (await services.identity.tokens.verifySessionToken(token, ['access', 'api']))?.userGuid ?? null,
      });
      // `app.authenticate`, `app.authenticateCapture` and `request.user` for every module below.
      // R5: a frozen account's signed-in calls answer 401 with the frozen marker (plugins/freeze-guard.ts).
      await api.register(authPlugin, {
        verify: (token) => verifyBearer(services.identity, token),
        verifyCapture: (token) => verifyCaptureBearer(services.verification, token),
        verifyBankLink: (token) => verifyBankLinkBearer(db, token, clock.now()),
        guard: createFreezeGuard(db),
      });
      // R16: routes marked `idempotent` claim their Idempotency-Key (decision 018).
      await api.register(idempotencyPlugin, { db, clock });
      // Each module's routes take its context from services, beside the plain settings they read (decision 076).
      await api.register(systemRoutes, { ctx: { db, jobs }, config });
      // GET /metrics, and R22's POST /client-errors and /analytics (public, size-limited).
      await api.register(observabilityRoutes, { ctx: metrics, scrape: config.metrics });
      // R22: confirming a sign-up and completing a sign-in count as product events (decision 036).
      await api.register(identityRoutes, {
        ctx: { ...services.identity, events: metrics.events },
        devOutbox: config.env !== 'production',
      });
      await api.register(accountsRoutes, { ctx: services.accounts });
      await api.register(kycRoutes, { ctx: services.accounts, flags: config.flags });
      await api.register(kycDocumentRoutes, { ctx: services.kycDocuments });
      await api.register(holdingsRoutes, { ctx: { db } });
      await api.register(assetWithdrawalRoutes, {
        ctx: services.assetWithdrawals,
        // Decision 054: the trade step-up's machinery with codes of the 'withdrawal' purpose.
        stepUp: services.withdrawalStepUp,
        publicUrl: config.publicUrl,
      });
      // The "assets addition" flag: a deposit address per asset, and in sandbox mode its deposit arriving (decision 069).
      await api.register(assetDepositRoutes, { ctx: services.assetDeposits, sandbox: config.sandbox });
      await api.register(sandboxRoutes, { ctx: services.sandbox, enabled: config.sandbox });
      await api.register(verificationRoutes, {
        ctx: { ...services.verification, events: metrics.events },
        publicUrl: config.publicUrl,
        flags: config.flags,
      });
      await api.register(bankMethodRoutes, { ctx: services.methods, publicUrl: config.publicUrl });
      await api.register(cardRoutes, { ctx: services.cards, flags: config.flags });
      await api.register(cardFormRoutes, { ctx: services.cards, config });
      // Deposits and withdrawals (decision 015); their sandbox settle calls exist only in sandbox mode (R4).
      await api.register(transferRoutes, { ctx: services.transfers, flags: config.flags });
      // The test sell flow sends the deposit of a waiting sell order when there is one (decision 028).
      await api.register(transferSandboxRoutes, {
        ctx: services.transfers,
        enabled: config.sandbox,
        sellOrderDeposit: (userGuid, depositKey) => sandboxSellOrderDeposit(services.orders, userGuid, depositKey),
      });
      // The ramp's assets and 'notify me' (decision 022).
      await api.register(rampAssetRoutes, { ctx: services.interests });
      // Quotes, estimates and limits (decision 023).
      await api.register(rampQuoteRoutes, { ctx: services.quotes });
      // Orders, tracking and short links (decision 024).
      // R2: an order is confirmed with the user's second factor (decision 027).
      await api.register(orderRoutes, { ctx: services.orders, stepUp: services.tradeStepUp, sandbox: config.sandbox });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
