import { z } from 'zod';

import { ERROR_TYPES, type ErrorType } from './error-codes';

export * from './error-codes';

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
