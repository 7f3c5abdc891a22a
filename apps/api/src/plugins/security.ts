import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The headers helmet sets for this configuration, by name (lower case), as one object. */
export function securityHeaders(config: Pick<Config, 'adBlockProbeUrl' | 'env'>): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers: Record<string, string> = {};
  // helmet's middleware only sets and removes headers, synchronously: a stand-in response records what it sets.
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

export default fp(
  async function securityPlugin(app: FastifyInstance, options: { config: Config }) {
    // helmet's headers worked out once at start and set from that list on every reply (decisions 041 and 044):
    // @fastify/helmet built the middleware again on every request, parsing the policy each time (5 % of the API's
    // CPU in the quote benchmark), and the middleware itself still set each header on the raw response, one
    // validated call each (5 % again). The headers do not depend on the request: no nonce, no per-route policy here
    // (a route that needs another policy, the hosted card form, sets its own over this one).
    const headers = securityHeaders(options.config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'rampart-security' },
);
