import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers with a strict Content-Security-Policy: only this origin's scripts, styles and
 * connections. The SPA ships no inline script or style element, so nothing needs 'unsafe-inline'.
 * R21: the ad-blocker probe address is allowed only when it is configured.
 */
export function contentSecurityPolicy(config: Pick<Config, 'adBlockProbeUrl'>) {
  const probeOrigin = config.adBlockProbeUrl ? new URL(config.adBlockProbeUrl).origin : null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(probeOrigin ? [probeOrigin] : [])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Off: on plain-http development hosts it would rewrite same-origin requests to https.
    upgradeInsecureRequests: null,
  };
}

export default fp(
  async function securityPlugin(app: FastifyInstance, options: { config: Config }) {
    // helmet's middleware built once: @fastify/helmet built it again on every request, parsing the policy each
    // time (5 % of the API's CPU in the quote benchmark, decision 041). The same headers, set as the request arrives.
    const headers = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.config) },
      hsts: options.config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'rampart-security' },
);
