import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * A route marked `idempotent` or `singleFlight` (plugins/idempotency.ts) documents its optional Idempotency-Key
 * header, and says which of the two it is in `x-idempotency` (decision 049): clients see which calls are safe to
 * retry, and the hardening tests find every money-moving route from the document.
 */
const markIdempotency: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const mode = input.route.config?.idempotency;
  if (!mode || input.route.schema?.headers) return out;
  const header = {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'Optional. The same key with the same body gives the same result and moves money once (R16)',
  };
  return {
    ...out,
    schema: {
      ...out.schema,
      'x-idempotency': mode,
      headers: { type: 'object', properties: { 'Idempotency-Key': header } },
    },
  };
};

/** A Content-Security-Policy header without its `upgrade-insecure-requests` directive. */
export function withoutUpgradeInsecureRequests(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ');
}

/** The OpenAPI document is produced from the same zod schemas that validate and serialise each route. */
export default fp(
  async function openapiPlugin(app: FastifyInstance, options: { config: Config }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Rampart API',
          version: options.config.version,
          description: 'The API behind the Rampart on/off-ramp between US dollars and stablecoins.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: markIdempotency,
      transformObject: jsonSchemaTransformObject,
    });
    // API_DOCS=false (decision 068): the document is still built (the routes' schemas feed it), but neither the page
    // nor the JSON is served.
    if (!options.config.apiDocs) return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Serves its own CSP (with hashes for its bootstrap), replacing the app-wide one on these pages.
      staticCSP: true,
      // Without `upgrade-insecure-requests`, as the app-wide policy (plugins/security.ts): on a plain-HTTP host it sent
      // the page's own scripts and styles to https, where nothing answers, and the page stayed blank (decision 068).
      transformStaticCSP: withoutUpgradeInsecureRequests,
      uiConfig: { deepLinking: false, tryItOutEnabled: false },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'rampart-openapi' },
);
