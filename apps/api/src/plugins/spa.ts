import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../lib/app-error';
import { sendError } from './errors';

/**
 * Serves the built SPA from the same origin as the API. Hashed assets are cached for a year; index.html
 * is revalidated on every load so a deploy reaches users at once. Any non-API GET that is not a file gets
 * index.html: the SPA's router decides (and shows its own not-found page); a missing file under /assets/ is a 404.
 */
export default fp(
  async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
    const indexFile = path.join(options.distDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent when the browser takes
        // them, the plain file otherwise (decision 040: Lighthouse's text compression audit).
        preCompressed: true,
        // Our own cache-control (setHeaders) instead of @fastify/static's max-age=0.
        cacheControl: false,
        // @fastify/static 10 hands setHeaders the Fastify reply (before: Node's raw response, which the reply's own
        // headers overrode): a cache-control the route chose (index.html's no-cache, below) is kept.
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          if (!reply.hasHeader('cache-control')) {
            reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
          }
          reply.header('vary', 'accept-encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
      // Decision 052: a file of the build that is not there (a chunk of an earlier build, asked for by a page loaded
      // before a deploy) is a 404, never the SPA's page: a browser would try to run that HTML as the chunk. Not cached,
      // as the next deploy may bring it.
      if (url.startsWith('/assets/')) {
        reply.header('cache-control', 'no-store');
        return sendError(new AppError('not_found'), request, reply);
      }
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && built) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html', { cacheControl: false });
      }
      return sendError(new AppError(isApi ? 'route_not_found' : 'not_found'), request, reply);
    });
  },
  { name: 'rampart-spa' },
);
