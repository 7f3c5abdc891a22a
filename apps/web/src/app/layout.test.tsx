import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeatureFlags } from '@rampart/contracts';
import { SnackbarProvider } from '../components/ui/snackbar';
import { AuthStoreProvider, createAuthStore, type AuthStore } from '../lib/session/auth-store';
import { ApiProvider, type ApiClient } from '../lib/api';
import i18n from '../lib/i18n';
import { configKey, readPublicConfig } from '../lib/config';
import { AppLayout } from './layout';

vi.mock('./api', () => ({
  api: { request: vi.fn(() => Promise.reject(new Error('no API in this test'))) },
  setAccountFrozenHandler: vi.fn(),
}));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The app's frame around a page, for a signed-in user, on a deployment serving these settings. */
function renderLayout(
  settings: { sandbox: boolean; flags: Partial<FeatureFlags> },
  loggedIn = true,
  auth: AuthStore = createAuthStore(
    { authcheck: vi.fn(), readToken: () => null, clearSession: vi.fn() },
    { authChecked: true, loggedIn },
  ),
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(configKey, readPublicConfig({ version: '1.0.0', stage: 'sandbox', ...settings }));
  // The app's frame sits inside the API client's provider (the global alert checks the service with it).
  const api: ApiClient = {
    request: vi.fn(async () => Promise.reject(new Error('no network in this test'))) as ApiClient['request'],
  };
  render(
    <QueryClientProvider client={client}>
      <ApiProvider api={api}>
        <AuthStoreProvider store={auth}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={['/']}>
              <Routes>
                <Route element={<AppLayout />}>
                  <Route path="/" element={<p>home</p>} />
                  <Route path="/sandbox" element={<p>sandbox page</p>} />
                </Route>
              </Routes>
              <Location />
            </MemoryRouter>
          </SnackbarProvider>
        </AuthStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('the header and the flag "sandbox page in nav" (docs/feature-flags.md)', () => {
  it('links the sandbox screen when the flag is on in sandbox mode, and the link works from the keyboard', async () => {
    renderLayout({ sandbox: true, flags: { sandboxPageInNav: true } });
    const link = await screen.findByRole('link', { name: 'Sandbox' });
    const user = userEvent.setup();
    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('sandbox page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sandbox');
  });

  it('has no sandbox link with the flag off (the default), outside sandbox mode, or signed out', async () => {
    renderLayout({ sandbox: true, flags: {} });
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sandbox' })).toBeNull();
  });

  it.each([
    ['outside sandbox mode', false, true],
    ['signed out', true, false],
  ])('has no sandbox link %s, even with the flag on', async (_name, sandbox, loggedIn) => {
    renderLayout({ sandbox, flags: { sandboxPageInNav: true } }, loggedIn);
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sandbox' })).toBeNull();
  });
});

describe('the header sign-out', () => {
  // Document 2, section 8: 'error signing out' (docs/decisions/066-auth-errors-and-settlement-texts.md).
  it("says 'error signing out' when the server could not end the session, and signs out on this device anyway", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const auth = createAuthStore(
      {
        authcheck: vi.fn(),
        readToken: () => 'login-token',
        clearSession: vi.fn(),
        signOutRemote: () => Promise.reject(new Error('offline')),
      },
      { authChecked: true, loggedIn: true },
    );
    renderLayout({ sandbox: false, flags: {} }, true, auth);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('error signing out')).toBeInTheDocument();
    expect(auth.getState().loggedIn).toBe(false);
  });
});
