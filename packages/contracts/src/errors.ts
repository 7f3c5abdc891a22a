import { z } from 'zod';

/**
 * The error reply every API route produces (document 2, section 8): `message`, `code`, `type`,
 * and for validation failures `errors.errors` (the messages) with `errors.fields` (field -> message),
 * typed `new_validation_error`.
 */
export const ERROR_TYPES = {
  api: 'api_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  idempotency: 'idempotency_error',
  validation: 'new_validation_error',
  legacyValidation: 'validation_error',
  notFound: 'not_found_error',
  rateLimit: 'rate_limit_error',
} as const;
export type ErrorType = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];

export const ValidationDetails = z.object({
  errors: z.array(z.string()),
  fields: z.record(z.string(), z.string()),
});
export type ValidationDetails = z.infer<typeof ValidationDetails>;

export const ApiErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    type: z.enum(Object.values(ERROR_TYPES) as [ErrorType, ...ErrorType[]]),
    errors: ValidationDetails.optional(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The text the validation reply carries as its message (document 2, section 8). */
export const VALIDATION_MESSAGE = 'validation error';

/**
 * R5: a 401 whose message starts with this marker means the custodian froze the account; the
 * client sets its account-frozen flag and shows the frozen screen with Contact Support.
 */
export const FROZEN_ACCOUNT_MARKER = 'ACCOUNT_FROZEN:';
