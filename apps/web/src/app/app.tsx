import { BrowserRouter } from 'react-router';
import { api } from './api';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { createSession } from './session';

const session = createSession(api);

export function App() {
  return (
    <AppProviders session={session}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
