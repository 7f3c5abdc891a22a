import { z } from 'zod';

import { ERROR_TYPES, type ErrorType } from './error-codes';

export * from './error-codes';

export const ValidationDetails = z.object({
  errors: z.array(z.string()),
  fields: z.record(z.string(), z.string()),
});
export type ValidationDetails = z.infer<typeof ValidationDetails>;

/** A message's parameters on the wire (decision 075). */
export const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** A keyed message on the wire: a key of SERVER_MESSAGE_TEMPLATES (server-messages.ts) and its parameters. */
export const KeyedMessage = z.object({ key: z.string(), params: MessageParams.optional() });
export type KeyedMessage = z.infer<typeof KeyedMessage>;

/**
 * The error reply. Beside the English text, a catalogue message carries its key (decision 075): `messageKey` and
 * `params` for `message`, `fieldKeys` for each field of `errors.fields` whose message has one. A message without a
 * key (free text, another service's words) has none, and a client shows the English text.
 */
export const ApiErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    type: z.enum(Object.values(ERROR_TYPES) as [ErrorType, ...ErrorType[]]),
    errors: ValidationDetails.optional(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
    messageKey: z.string().optional(),
    params: MessageParams.optional(),
    fieldKeys: z.record(z.string(), KeyedMessage).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
