import {
  IDENTITY_ERROR_FIELDS,
  serverMessage,
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
  const message = key ? serverMessage(`identity.${key}`, options.params) : new AppError(name).message;
  const field = IDENTITY_ERROR_FIELDS[name];
  const headers = options.headers ? { headers: options.headers } : {};
  return field
    ? AppError.onFields(name, { [field]: message }, { message, ...headers })
    : new AppError(name, { message, ...headers });
}
