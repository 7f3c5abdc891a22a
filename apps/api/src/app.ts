import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installZodMessages } from '@rampart/contracts';
import type { Config } from './config';
import type { Db } from './db';
import type { JobQueue } from './jobs/queue';
import { loggerOptions } from './lib/logger';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import { systemRoutes } from './modules/system/routes';

export interface AppDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the app: external plugins, then app plugins, then module routes (ARCHITECTURE.md, section 2). */
export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  installZodMessages();
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Keep user input out of prototype chains, always.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { config });

  await app.register(
    async (api) => {
      // API replies are personal: never cached by browsers or proxies unless a route says otherwise.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(systemRoutes, { config, db: deps.db });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
