import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';

const SENSITIVE_QUERY_KEY = /token|code|password|secret|key|signature/i;

/** Query values that could be credentials never reach the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY_KEY.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * One JSON line per event. Every line logged for a request carries its id (`reqId`: the caller's X-Request-Id when it
 * is sane, else a new UUID, echoed in the reply), and the orders module adds `orderId` where an order is involved
 * (decision 036). `stream` is for tests that read the lines; stdout otherwise.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Structured JSON; bodies are never logged, and these paths are removed wherever they appear.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.token',
        '*.idToken',
        '*.refreshToken',
        '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
