import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedReply,
  ANALYTICS_LIMITS,
  AnalyticsEvent,
  ApiErrorBody,
  CLIENT_ERROR_LIMITS,
  ClientErrorReport,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/schemas';
import { bearerTokenOf } from '../../plugins/auth';
import type { Config } from '../../config';
import type { Metrics } from './metrics';
import { recordAnalyticsEvent } from './record-analytics-event';
import { reportClientError } from './report-client-error';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor a prefix of the token leaks through timing. */
function tokenMatches(presented: string | null, expected: Buffer): boolean {
  return presented !== null && timingSafeEqual(digest(presented), expected);
}

/** R22 (decision 036): the Prometheus scrape, the SPA's error reports and its product events. */
export const observabilityRoutes: FastifyPluginAsyncZod<{ ctx: Metrics; scrape: Config['metrics'] }> = async (
  app,
  { ctx: metrics, scrape },
) => {
  // Decision 052: in production without METRICS_TOKEN there is no scrape route (404 like any unknown route).
  if (scrape.enabled) registerScrape(app, metrics, scrape.token ? digest(scrape.token) : null);

  app.post(
    '/client-errors',
    {
      bodyLimit: CLIENT_ERROR_LIMITS.bodyBytes,
      schema: {
        tags: ['system'],
        summary:
          "An error seen in the SPA, with the user's guid and email (R22): written to the API's log; public, size-limited",
        body: ClientErrorReport,
        response: { 202: AcceptedReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      reportClientError(request.log, request.body, { userAgent: request.headers['user-agent'] });
      metrics.clientErrorReported();
      return reply.code(202).send({ accepted: true });
    },
  );

  app.post(
    '/analytics',
    {
      bodyLimit: ANALYTICS_LIMITS.bodyBytes,
      schema: {
        tags: ['system'],
        summary:
          'A product event from the SPA (sign-up, login, document submitted, identity-widget error; R22): counted in the metrics and logged',
        body: AnalyticsEvent,
        response: { 202: AcceptedReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      recordAnalyticsEvent(request.log, metrics.events, request.body);
      return reply.code(202).send({ accepted: true });
    },
  );
};

/** GET /metrics: asks for `Authorization: Bearer <METRICS_TOKEN>` when `expected` (its digest) is given. */
function registerScrape(app: Parameters<FastifyPluginAsyncZod>[0], metrics: Metrics, expected: Buffer | null): void {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary:
          'Metrics in the Prometheus text format; asks for `Authorization: Bearer <METRICS_TOKEN>` when one is configured',
        ...(expected ? { security: [{ bearer: [] }] } : {}),
        produces: ['text/plain'],
        response: {
          200: z.string().meta({ description: 'Prometheus text exposition format 0.0.4' }),
          401: ApiErrorBody,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (expected && !tokenMatches(bearerTokenOf(request), expected)) {
        throw new AppError('unauthenticated', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
      const body = await metrics.render();
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
