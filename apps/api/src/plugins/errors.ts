import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@rampart/contracts';
import { AppError, isAppError, type ErrorCode } from '../lib/app-error';

/** Fastify's own 4xx errors, each given the catalogue's code (never its internal text or a stack). */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
  FST_ERR_VALIDATION: 'validation_failed',
};

function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/** Turns anything thrown into the AppError the client will see. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    const context = (error as { validationContext?: string }).validationContext;
    for (const issue of error.validation) {
      const name = fieldName(context, issue.instancePath);
      fields[name] ??= issue.message ?? 'Value is invalid';
    }
    return AppError.validation(fields);
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number; type?: string };
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped, { cause: error });
  // body-parser style errors (e.g. a SyntaxError from JSON.parse) carry a 4xx status of their own.
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const byStatus: Record<number, ErrorCode> = {
      400: 'bad_request',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
      405: 'method_not_allowed',
      406: 'not_acceptable',
      409: 'conflict',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
    };
    return new AppError(byStatus[status] ?? 'bad_request', { cause: error });
  }
  return new AppError('internal', { cause: error });
}

export function errorBody(error: AppError, requestId: string): ApiErrorBody {
  return {
    message: error.message,
    code: error.code,
    type: error.type,
    ...(error.details ? { errors: error.details } : {}),
    requestId,
  };
}

export function sendError(error: AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error, request.id));
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: appError.code, status: appError.status }, appError.message);
      }
      return sendError(appError, request, reply);
    });
  },
  { name: 'rampart-errors' },
);
