import { createApiClient } from '../lib/api';
import { readToken } from '../features/auth/session-storage';

let accountFrozenHandler: () => void = () => {};

/** R5: the session wires this to the auth store's account-frozen flag. */
export function setAccountFrozenHandler(handler: () => void): void {
  accountFrozenHandler = handler;
}

/** The one API client of the SPA (same origin, under /api; ARCHITECTURE.md section 1). */
export const api = createApiClient({
  baseUrl: '/api',
  getToken: readToken,
  onAccountFrozen: () => accountFrozenHandler(),
});
