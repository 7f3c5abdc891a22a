import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthcheckResponse, PublicConfig } from '@rampart/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { errorResponses } from '../../lib/schemas';
import { checkHealth } from './check-health';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; db: Db }> = async (app, { config, db }) => {
  app.get(
    '/user/healthcheck',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the API and its database are reachable',
        response: { 200: HealthcheckResponse, 503: HealthcheckResponse, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(db, config.version);
      return reply.code(health.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(health);
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Deployment settings and feature flags for the SPA',
        response: { 200: PublicConfig, ...errorResponses },
      },
    },
    async () => ({
      version: config.version,
      stage: config.stage,
      sandbox: config.sandbox,
      supportUrl: config.supportUrl,
      adBlockProbeUrl: config.adBlockProbeUrl,
      flags: config.flags,
    }),
  );
};
