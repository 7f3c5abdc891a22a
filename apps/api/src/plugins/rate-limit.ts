import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { bearerTokenOf } from './auth';

/**
 * The sign-in, sign-up, code and password routes: a stricter budget than the rest (docs/design-brief.md, section 6;
 * decision 037). Failed attempts are also counted per account and address by identity's lockouts (attempts.ts); this
 * budget is against floods, whatever their outcome.
 */
export const AUTH_ROUTES: ReadonlySet<string> = new Set(
  [
    'sign-up',
    'confirm-sign-up',
    'resend-code',
    'sign-in',
    'sign-in-with-code',
    'respond-to-challenge',
    'forgot-password',
    'confirm-forgot-password',
    'change-password',
    'reauthenticate',
    'reauthenticate/send-code',
    'totp/verify',
    'user/verify-attribute',
  ].map((name) => `/api/identity/${name}`),
);

/** Probes and scrapers: never limited (the SPA's files are outside /api and not limited either). */
export const UNLIMITED_ROUTES: ReadonlySet<string> = new Set(['/api/user/healthcheck', '/api/livez', '/api/metrics']);

export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateLimitPluginOptions {
  /** Requests per client per minute on every other /api route; 0 = no limit. */
  perMinute: number;
  /** Requests per client per minute on AUTH_ROUTES; 0 = no limit. */
  authPerMinute: number;
  /** The shared counters (decision 037); null keeps them in this process. */
  redis: Redis | null;
  keyPrefix: string;
  /** The user a bearer token was signed for (signature and expiry checked, no database read), or null. */
  userOf: (token: string) => Promise<string | null>;
}

/**
 * The per-client request limit (decision 037), registered in the /api scope: a signed-in client is counted per user
 * (people behind one address do not share a budget), anyone else per address (IPv6 per /64). Over it: 429
 * `rate_limited` with Retry-After. Fixed one-minute windows, in Redis when REDIS_URL is set so all instances count
 * together; if Redis fails mid-flight the request goes through (skipOnError) and the lockouts, which fail closed,
 * still guard the credentials.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
    if (options.perMinute === 0 && options.authPerMinute === 0) return;
    const isAuth = (request: FastifyRequest) => AUTH_ROUTES.has(request.routeOptions.url ?? '');
    const budget = (request: FastifyRequest) => (isAuth(request) ? options.authPerMinute : options.perMinute);
    const exempt = (request: FastifyRequest) =>
      UNLIMITED_ROUTES.has(request.routeOptions.url ?? '') || budget(request) === 0;
    async function clientKey(request: FastifyRequest): Promise<string> {
      const token = bearerTokenOf(request);
      const user = token ? await options.userOf(token) : null;
      return user ? `user:${user}` : `ip:${normalizeIP(request.ip)}`;
    }
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      timeWindow: RATE_LIMIT_WINDOW_MS,
      max: (request) => budget(request),
      // An exempt request costs no token check: the benchmarks switch the general budget off this way.
      keyGenerator: async (request) =>
        exempt(request) ? 'exempt' : `${isAuth(request) ? 'auth' : 'all'}:${await clientKey(request)}`,
      allowList: (request) => exempt(request),
      skipOnError: true,
      // Without Redis: one process's counters, for up to this many clients at once (least recently seen dropped).
      cache: 10_000,
      ...(options.redis ? { redis: options.redis, nameSpace: `${options.keyPrefix}rate-limit:` } : {}),
      errorResponseBuilder: () => new AppError('rate_limited'),
    });
  },
  { name: 'rampart-rate-limit' },
);
