// Plain constants, no zod: the SPA's first chunk imports these without pulling in the schema library.

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

/** The text the validation reply carries as its message (document 2, section 8). */
export const VALIDATION_MESSAGE = 'validation error';

/**
 * R5: a 401 whose message starts with this marker means the custodian froze the account; the
 * client sets its account-frozen flag and shows the frozen screen with Contact Support.
 */
export const FROZEN_ACCOUNT_MARKER = 'ACCOUNT_FROZEN:';

/** R5: the whole message of that 401 (ours: the spec shows none). */
export const FROZEN_ACCOUNT_MESSAGE = `${FROZEN_ACCOUNT_MARKER} Your account has been frozen by the custodian. Please contact support.`;
