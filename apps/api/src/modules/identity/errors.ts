import {
  IDENTITY_ERROR_FIELDS,
  serverMessage,
  type IdentityException,
  type IdentityMessageKey,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';

/**
 * The field an identity error is filed under. Document 2, section 8 puts NotAuthorizedException on the password field
 * of the sign-in and password forms: so it is filed there only when it says the password is wrong. A refused token
 * names the request's own field (`refreshToken`, `token`, `reauthToken`), passed by the caller; anything else
 * (a session gone, an account already confirmed) names none (docs/decisions/105-mail-on-second-factor-change.md).
 */
function defaultField(name: IdentityException, key: IdentityMessageKey | undefined): string | undefined {
  if (name === 'NotAuthorizedException' && key !== 'notAuthorized') return undefined;
  return IDENTITY_ERROR_FIELDS[name];
}

/**
 * An identity error: the exception name as `code` (document 2, section 8) and, for the exceptions the SPA
 * shows on a field, `errors.fields` naming that field so the mapping needs no guessing. `field` overrides the field
 * (null: none).
 */
export function identityError(
  name: IdentityException,
  key?: IdentityMessageKey,
  options: {
    params?: Record<string, string | number>;
    headers?: Record<string, string>;
    field?: string | null;
  } = {},
): AppError {
  const message = key ? serverMessage(`identity.${key}`, options.params) : new AppError(name).message;
  const field = options.field === undefined ? defaultField(name, key) : options.field;
  const headers = options.headers ? { headers: options.headers } : {};
  return field
    ? AppError.onFields(name, { [field]: message }, { message, ...headers })
    : new AppError(name, { message, ...headers });
}
