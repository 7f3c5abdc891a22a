import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageOfIssue, renderServerMessage, type ApiErrorBody, type ServerMessage } from '@rampart/contracts';
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
    const fields: Record<string, string | ServerMessage> = {};
    const context = (error as { validationContext?: string }).validationContext;
    for (const issue of error.validation) {
      const name = fieldName(context, issue.instancePath);
      if (fields[name] !== undefined) continue;
      const message = issue.message ?? 'Value is invalid';
      // The reply keeps the validator's own English; its key travels beside it (decision 075).
      const key = messageOfIssue({ ...issue.params, code: issue.keyword, message });
      fields[name] = key !== undefined && renderServerMessage(key) === message ? key : message;
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

/** The reply: the English texts as the spec writes them, and beside them their keys (decision 075). */
export function errorBody(error: AppError, requestId: string): ApiErrorBody {
  const key = error.messageKey;
  return {
    message: error.message,
    code: error.code,
    type: error.type,
    ...(error.details ? { errors: error.details } : {}),
    requestId,
    ...(key ? { messageKey: key.key, ...(key.params ? { params: { ...key.params } } : {}) } : {}),
    ...(Object.keys(error.fieldKeys).length > 0 ? { fieldKeys: keyedFields(error.fieldKeys) } : {}),
  };
}

function keyedFields(fieldKeys: AppError['fieldKeys']): NonNullable<ApiErrorBody['fieldKeys']> {
  return Object.fromEntries(
    Object.entries(fieldKeys).map(([field, m]) => [
      field,
      m.params ? { key: m.key, params: { ...m.params } } : { key: m.key },
    ]),
  );
}

export function sendError(error: AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error, request.id));
}

/** Node's parser errors that have their own status; every other one is a 400. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
};

/**
 * Bytes Node's HTTP parser cannot read as a request (a bad request line, a Content-Length shorter than the body whose
 * rest reads as a second request, a header that is not a header) never reach Fastify's error handler: they are
 * answered here on the socket, in the API's error shape rather than Fastify's own (decision 051), and the
 * connection is closed since its framing is lost.
 */
export function clientErrorReply(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const appError = new AppError((error.code && CLIENT_ERROR_CODES[error.code]) || 'bad_request');
    const requestId = randomUUID();
    const body = JSON.stringify(errorBody(appError, requestId));
    const head = [
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'x-content-type-options: nosniff',
      `x-request-id: ${requestId}`,
      'connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
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
