import { BrowserRouter } from 'react-router';
import { startTelemetry } from '../lib/telemetry';
import { api } from './api';
import { configQueryOptions } from './config';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './routes';
import { createSession } from './session';
import { APP_VERSION } from './version';

const session = createSession(api);
const queryClient = createQueryClient();

/**
 * R22 (decision 036): the page's error and event reporter, with the signed-in user's guid and email; Sentry when the
 * public config has a DSN (the config query the app loads anyway), else the API's client-error endpoint.
 */
export function startAppTelemetry(): () => void {
  return startTelemetry(
    {
      release: APP_VERSION,
      getUser: () => {
        const state = session.auth.getState();
        return state.loggedIn ? state.userInfo : null;
      },
      sentryDsn: async () => (await queryClient.fetchQuery(configQueryOptions)).sentryDsn,
    },
    window,
  );
}

export function App() {
  return (
    <AppProviders session={session} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
