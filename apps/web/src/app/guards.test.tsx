import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AccountStatus } from '@rampart/contracts';
import { SnackbarProvider } from '../components/ui/snackbar';
import { AuthStoreProvider, createAuthStore, type AuthState } from '../lib/session/auth-store';
import { ApiProvider } from '../lib/api';
import { createKycStore, KycStoreProvider, type KycState } from '../lib/session/kyc-store';
import { AppRoutes } from './routes';

vi.mock('./api', () => ({
  api: { request: vi.fn(() => Promise.reject(new Error('no API in this test'))) },
  setAccountFrozenHandler: vi.fn(),
}));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const anonymous: Partial<AuthState> = { authChecked: true, loggedIn: false };
const loggedIn: Partial<AuthState> = { authChecked: true, loggedIn: true };
const kycOf = (kycStatus: AccountStatus): Partial<KycState> => ({ requestStatus: 'success', kycStatus });

/** The API as the KYC pages read it: an identity session with nothing captured yet; nothing else answers. */
const fakeRequest = vi.fn((path: string) =>
  path === '/socure/status'
    ? Promise.resolve({
        sessionId: null,
        status: 'not_started',
        documentType: null,
        decision: null,
        reason: null,
        submittedAt: null,
        decidedAt: null,
      })
    : Promise.reject(new Error('no API in this test')),
);

/** Renders the real route table on fake stores (no timers, no API). */
function renderAt(path: string, auth: Partial<AuthState>, kyc: Partial<KycState> = {}) {
  const authStore = createAuthStore({ authcheck: vi.fn(), readToken: () => null, clearSession: vi.fn() }, auth);
  const kycStore = createKycStore({ getAccount: vi.fn() }, kyc);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiProvider api={{ request: fakeRequest as never }}>
        <AuthStoreProvider store={authStore}>
          <KycStoreProvider store={kycStore}>
            <SnackbarProvider>
              <MemoryRouter initialEntries={[path]}>
                <AppRoutes />
                <LocationProbe />
              </MemoryRouter>
            </SnackbarProvider>
          </KycStoreProvider>
        </AuthStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { authStore, kycStore };
}

const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it('sends an anonymous user on / to /auth with the encoded redirect', async () => {
    renderAt('/', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Rampart' })).toBeInTheDocument();
    expect(location()).toBe('/auth?redirect=%2F');
  });

  it('keeps the path and the query in the redirect', async () => {
    renderAt('/kyc?x=1', anonymous);
    await screen.findByRole('heading', { level: 1 });
    expect(location()).toBe('/auth?redirect=%2Fkyc%3Fx%3D1');
  });

  it('guards every login route', async () => {
    for (const path of ['/sandbox', '/kyc/details', '/trade/buy', '/xumm/plaid']) {
      const { unmount } = render(<></>);
      unmount();
      renderAt(path, anonymous);
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Rampart' });
      expect(location()).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      document.body.innerHTML = '';
    }
  });

  it('shows the skeleton, never a blank card, while the session is checked', () => {
    renderAt('/kyc', { authChecked: false, loading: true });
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(location()).toBe('/kyc');
  });

  it('shows the skeleton while the KYC status loads', () => {
    renderAt('/trade/buy', loggedIn, { requestStatus: 'started' });
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(location()).toBe('/trade/buy');
  });

  it.each([
    ['noInfo', '/kyc/start'],
    ['incomplete', '/kyc/identity'],
    ['pending', '/kyc/pending'],
  ] as const)('sends a %s user from a trade page to /kyc, which sends them on to %s', async (status, step) => {
    renderAt('/trade/sell', loggedIn, kycOf(status));
    // The KYC screens load their texts on first use.
    await screen.findByRole('heading', { level: 1 });
    expect(location()).toBe(step);
  });

  it.each(['closed', 'voided'] as const)('never lets a %s account reach a trade page', async (status) => {
    renderAt('/trade/buy', loggedIn, kycOf(status));
    await screen.findByRole('heading', { level: 1 });
    expect(location()).toBe('/kyc/closed');
  });

  it("draws /trade/buy's header (its largest paint) while the session and the KYC status load (decision 043)", () => {
    renderAt('/trade/buy', { authChecked: false, loading: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Buy' })).toBeInTheDocument();
    expect(screen.getByText('Choose what to buy, how to pay and where to send it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    document.body.innerHTML = '';
    renderAt('/trade/buy', loggedIn, { requestStatus: 'started' });
    expect(screen.getByRole('heading', { level: 1, name: 'Buy' })).toBeInTheDocument();
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    document.body.innerHTML = '';
    // Other pages keep the plain skeleton.
    renderAt('/trade/sell', loggedIn, { requestStatus: 'started' });
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lets a Verified user through once the account status is known, before the KYC details arrive (decision 043)', async () => {
    renderAt('/trade/buy', loggedIn, { requestStatus: 'started', kycStatus: 'opened', statusKnown: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Couldn't load what you can buy." }),
    ).toBeInTheDocument();
    expect(location()).toBe('/trade/buy');
  });

  it('sends a user below Verified to /kyc as soon as the account status is known (decision 043)', async () => {
    renderAt('/trade/buy', loggedIn, { requestStatus: 'started', kycStatus: 'pending', statusKnown: true });
    await waitFor(() => expect(location()).toBe('/kyc'));
  });

  it('keeps a Verified user on the trade page when the KYC details then fail to load (decision 043)', async () => {
    renderAt('/trade/buy', loggedIn, { requestStatus: 'failure', kycStatus: 'opened', statusKnown: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Couldn't load what you can buy." }),
    ).toBeInTheDocument();
    expect(location()).toBe('/trade/buy');
  });

  it('sends the user to /kyc when the KYC status could not be loaded', async () => {
    renderAt('/trade/summary', loggedIn, { requestStatus: 'failure' });
    expect(
      await screen.findByRole('heading', { name: 'Unable to process Application Status. Please try again later.' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/kyc');
  });

  it('lets a Verified user through to the trade pages', async () => {
    renderAt('/trade/buy', loggedIn, kycOf('opened'));
    // The buy page itself (no API in this test: it says it could not load what can be bought).
    expect(
      await screen.findByRole('heading', { level: 1, name: "Couldn't load what you can buy." }),
    ).toBeInTheDocument();
    expect(location()).toBe('/trade/buy');
  });

  it('passes the trade method parameter through', async () => {
    renderAt('/trade/method/primex_ach', loggedIn, kycOf('opened'));
    // The method's own page (decision 030): its name as the heading.
    expect(await screen.findByRole('heading', { level: 1, name: 'ACH' })).toBeInTheDocument();
    expect(location()).toBe('/trade/method/primex_ach');
  });

  it('lets a logged-in user of any level reach /kyc and /sandbox', async () => {
    renderAt('/sandbox', loggedIn, kycOf('noInfo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox' })).toBeInTheDocument();
  });

  it('opens the public routes to anonymous users', async () => {
    renderAt('/trade/track?tracking_id=abc123', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Track your order' })).toBeInTheDocument();
    expect(location()).toBe('/trade/track?tracking_id=abc123');
  });

  it('opens the short link and the auth steps anonymously', async () => {
    renderAt('/r/Ab12', anonymous);
    expect(
      await screen.findByText('This link is not valid. Open the tracking link from your email instead.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/r/Ab12');
    document.body.innerHTML = '';
    renderAt('/v1/auth/auth', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or sign up' })).toBeInTheDocument();
    document.body.innerHTML = '';
    // A step that needs an earlier one (here the emailed sign-in code) starts again at /auth.
    renderAt('/v1/auth/email?redirect=%2Fkyc', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Rampart' })).toBeInTheDocument();
    expect(location()).toBe('/auth?redirect=%2Fkyc');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByText('We cannot find the page you are looking for!')).toBeInTheDocument();
  });

  it("says 'Unknown auth step provided' for an unknown auth step, with the way back to sign in (document 2, section 8)", async () => {
    renderAt('/v1/auth/unknown?redirect=%2Fkyc', anonymous);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown auth step provided' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth?redirect=%2Fkyc');
  });

  it('shows the frozen-account screen instead of the routes (R5)', async () => {
    renderAt('/kyc', { ...loggedIn, accountFrozen: true }, kycOf('opened'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is frozen' })).toBeInTheDocument();
  });
});
