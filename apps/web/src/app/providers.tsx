import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from '../components/ui/snackbar';
import { ApiProvider } from '../lib/api';
import { AuthStoreProvider } from '../lib/session/auth-store';
import { KycStoreProvider } from '../lib/session/kyc-store';
import { setAccountFrozenHandler, setSessionLostHandler } from './api';
import { clearQueriesOnUserChange } from './query-cache';
import type { Session } from './session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client retries reads itself (R16); react-query must not multiply that.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Query cache, auth and KYC stores, snackbar; starts the session check once mounted and clears the user's
 * queries when the session signs out or another user signs in.
 */
export function AppProviders({
  session,
  queryClient,
  children,
}: {
  session: Session;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    // R5: any reply saying the account is frozen switches the app to the frozen screen.
    setAccountFrozenHandler(() => session.auth.setAccountFrozen(true));
    // The login token ran out with no pool session to renew it: signed out, the sign-in page says why.
    setSessionLostHandler(() => session.auth.endSession('noUserSessionInAuth'));
    const stop = session.start();
    // One user's cached data never shows to the next one on this tab.
    const unbind = clearQueriesOnUserChange(session.auth, client);
    return () => {
      unbind();
      stop();
    };
  }, [session, client]);
  return (
    <QueryClientProvider client={client}>
      <ApiProvider api={session.api}>
        <AuthStoreProvider store={session.auth}>
          <KycStoreProvider store={session.kyc}>
            <SnackbarProvider>{children}</SnackbarProvider>
          </KycStoreProvider>
        </AuthStoreProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
