import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

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
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Serves its own CSP (with hashes for its bootstrap), replacing the app-wide one on these pages.
      staticCSP: true,
      uiConfig: { deepLinking: false, tryItOutEnabled: false },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'rampart-openapi' },
);
