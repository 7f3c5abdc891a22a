import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AuthStore } from '../lib/session/auth-store';
import { configQueryOptions } from './config';

/** The deployment's configuration is the same for everyone; every other query belongs to the signed-in user. */
function isUserQuery({ queryKey }: { queryKey: QueryKey }): boolean {
  return queryKey[0] !== configQueryOptions.queryKey[0];
}

/** Drops every user's query (running ones cancelled first), keeping the deployment config. */
export function clearUserQueries(client: QueryClient): void {
  void client.cancelQueries({ predicate: isUserQuery });
  client.removeQueries({ predicate: isUserQuery });
}

/**
 * Keeps one user's data from showing to the next on the same tab: the query cache (except the config) is
 * cleared when the session signs out, and when a different user signs in (a sign-in over another
 * session, or after a sign-out whose page kept a query alive). Returns the unsubscribe.
 */
export function clearQueriesOnUserChange(auth: AuthStore, client: QueryClient): () => void {
  let wasLoggedIn = auth.getState().loggedIn;
  let lastUser: string | null = wasLoggedIn ? (auth.getState().userInfo?.userGuid ?? null) : null;
  return auth.subscribe(() => {
    const { loggedIn, userInfo } = auth.getState();
    const user = loggedIn ? (userInfo?.userGuid ?? null) : null;
    const signedOut = wasLoggedIn && !loggedIn;
    const otherUser = user !== null && lastUser !== null && user !== lastUser;
    if (signedOut || otherUser) clearUserQueries(client);
    if (user !== null) lastUser = user;
    wasLoggedIn = loggedIn;
  });
}
