import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db';
import { AppError } from '../lib/app-error';
import { isAccountFrozen } from '../modules/accounts';
import type { AuthUser } from './auth';

/**
 * Signed-in routes that still answer while the account is frozen (R5, decision 018): what the SPA needs to see
 * that it is signed in and frozen, and to leave that state. The identity service (/api/identity/...) is Rampart's
 * own sign-in (R3), not the custodial account: sign-out, token refresh, user info and the second-factor settings
 * stay usable. The config and healthcheck calls are anonymous and never reach the guard.
 */
const ALLOWED_WHILE_FROZEN = new Set([
  '/api/user/authcheck',
  '/api/auth-token-login-request',
  '/api/primetrust-sandbox-unfreeze-account',
]);
const ALLOWED_PREFIXES = ['/api/identity/'];

export function allowedWhileFrozen(routeUrl: string): boolean {
  return ALLOWED_WHILE_FROZEN.has(routeUrl) || ALLOWED_PREFIXES.some((prefix) => routeUrl.startsWith(prefix));
}

/**
 * R5 in one place: the auth plugin calls this once it knows the user, for every signed-in route. A frozen account
 * gets 401 account_frozen (message starting with FROZEN_ACCOUNT_MARKER) except on the routes above.
 */
export function createFreezeGuard(db: Queryable) {
  return async function freezeGuard(request: FastifyRequest, user: AuthUser): Promise<void> {
    if (allowedWhileFrozen(request.routeOptions.url ?? request.url)) return;
    const frozen = user.accountFrozen ?? (await isAccountFrozen(db, user.userGuid));
    if (frozen) throw new AppError('account_frozen');
  };
}
