import {
  IDENTITY_ERROR_FIELDS,
  identityMessage,
  type IdentityException,
  type IdentityMessageKey,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';

/**
 * An identity error: the exception name as `code` (document 2, section 8) and, for the exceptions the SPA
 * shows on a field, `errors.fields` naming that field so the mapping needs no guessing.
 */
export function identityError(
  name: IdentityException,
  key?: IdentityMessageKey,
  options: { params?: Record<string, string | number>; headers?: Record<string, string> } = {},
): AppError {
  const message = key ? identityMessage(key, options.params) : undefined;
  const field = IDENTITY_ERROR_FIELDS[name];
  const text = message ?? new AppError(name).message;
  return new AppError(name, {
    message: text,
    ...(field ? { details: { errors: [text], fields: { [field]: text } } } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}
