import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_VERSION, HealthcheckResponse, LivenessResponse, PublicConfig } from '@rampart/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import { errorResponses } from '../../lib/schemas';
import { checkHealth } from './check-health';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db; jobs: JobQueue }; config: Config }> = async (
  app,
  { ctx: { db, jobs }, config },
) => {
  // The queue's own connection: pg-boss's pool on a server, the shared PGlite otherwise.
  const queueSql = (sql: string) => jobs.boss.getDb().executeSql(sql, []);

  app.get(
    '/user/healthcheck',
    {
      schema: {
        tags: ['system'],
        summary:
          'Whether the API, its database and its job queue are reachable; the queue backlog (due jobs, oldest wait)',
        response: { 200: HealthcheckResponse, 503: HealthcheckResponse, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(db, queueSql, config.version);
      return reply
        .code(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );

  // Liveness (decision 068): answers while the process runs, whatever the database does; nothing is read.
  app.get(
    '/livez',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the process is alive (no database or queue check: that is the healthcheck, for readiness)',
        response: { 200: LivenessResponse, ...errorResponses },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok' as const, version: config.version, uptimeSeconds: Math.round(process.uptime()) }),
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
      apiVersion: API_VERSION,
      stage: config.stage,
      sandbox: config.sandbox,
      supportUrl: config.supportUrl,
      supportEmail: config.supportEmail,
      adBlockProbeUrl: config.adBlockProbeUrl,
      walletAppApiKey: config.walletAppApiKey,
      flags: config.flags,
      ...(config.sentryDsn ? { sentryDsn: config.sentryDsn } : {}),
    }),
  );
};
