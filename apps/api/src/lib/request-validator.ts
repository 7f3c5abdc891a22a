import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { serverMessage, unsafeTextPath } from '@rampart/contracts';
import { AppError } from './app-error';

/** Fastify's names for the parts of a request it validates, as the reply names them when no field path applies. */
const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'querystring',
  params: 'params',
  headers: 'headers',
};

/**
 * The validator of every route's body, query string, path parameters and headers: before the route's own zod schema,
 * every string and key of the part is checked once for a NUL or a lone surrogate, which PostgreSQL refuses or would
 * store changed (docs/decisions/051-input-text-and-kyc-catalogues.md). The reply is the catalogue's validation error,
 * naming the field; nothing past validation runs.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = PART_NAMES[route.httpPart ?? ''] ?? 'body';
  return (data: unknown) => {
    const path = unsafeTextPath(data);
    if (path)
      return {
        error: AppError.validation({ [path.length > 0 ? path.join('.') : part]: serverMessage('rule.characters') }),
      };
    return validate(data);
  };
};
