import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../components/ui/snackbar';
import { ApiProvider } from '../lib/api';
import i18n from '../lib/i18n';
import { bankAccount, fail, fakeServer, INSTITUTIONS, ok, type Handler } from '../features/methods/test-utils';
import { resetWallet, startWallet } from '../features/wallet-app/wallet';
import { readWalletLaunch } from '../lib/session/wallet-launch';
import { BrowserBankLink, forgetRedeems, WalletBankLink } from '../features/methods/xumm-plaid-page';

const HANDOFF_ID = '0b6c3a52-7d7e-4c4b-9f0e-3f7d1c2b5a69';
const LINK_TOKEN = 'k'.repeat(43);
const ACCESS = 'blh_access-token';
const ACCOUNTS = [
  { id: 'acc-checking', mask: '4321', name: 'Plaid Checking', subtype: 'checking', type: 'depository' },
];
const LINKED = bankAccount({ bankName: 'Gingham Credit Union', institutionId: 'ins_gingham' });
const NEEDS_LOGIN = bankAccount({
  bankName: 'Gingham Credit Union',
  institutionId: 'ins_gingham',
  requiresReauth: true,
});

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/bank-link-handoff': () =>
      ok({
        handoffId: HANDOFF_ID,
        url: `http://localhost/xumm/plaid?handoff=${LINK_TOKEN}`,
        expiresAt: '2030-01-01T00:15:00.000Z',
      }),
    '/bank-link-handoff/redeem': () =>
      ok({ accessToken: ACCESS, expiresAt: '2030-01-01T00:15:00.000Z', email: 'someone@example.com', reauth: null }),
    '/plaid-institutions': () => ok({ institutions: INSTITUTIONS }),
    '/plaid-ui-token': () => ok({ linkToken: 'link-sandbox-abc', expiration: '2030-01-01T00:00:00.000Z' }),
    '/plaid-sandbox-link': () =>
      ok({
        publicToken: 'public-sandbox-xyz',
        institutionId: 'ins_gingham',
        institutionName: 'Gingham Credit Union',
        accounts: ACCOUNTS,
      }),
    '/plaid-bank-account-add': () => ok({ account: LINKED }),
    ...handlers,
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string, element: React.ReactNode, fake: ReturnType<typeof server>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={fake.api}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={<p>suspended</p>}>
              <Routes>
                <Route path="/xumm/plaid" element={element} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </Suspense>
            <Where />
          </MemoryRouter>
        </SnackbarProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await i18n.loadNamespaces(['methods']);
});
beforeEach(() => {
  forgetRedeems();
  resetWallet();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/xumm/plaid?handoff= in the wallet's browser (no session)", () => {
  it('redeems the link once, links a bank with the access token only, and sends the user back to the wallet', async () => {
    const fake = server();
    vi.stubGlobal('fetch', fake.fetch);
    const user = renderAt(`/xumm/plaid?handoff=${LINK_TOKEN}`, <BrowserBankLink token={LINK_TOKEN} />, fake);
    expect(await screen.findByText('Linking a bank for someone@example.com')).toBeInTheDocument();
    // The single-use token leaves the address bar.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/xumm\/plaid$/));
    const list = await screen.findByRole('listbox', { name: 'Banks' });
    await user.click(within(list).getByRole('option', { name: /Gingham Credit Union/ }));
    await user.click(await screen.findByRole('button', { name: 'Link account' }));
    const linked = await screen.findByRole('heading', { name: 'Gingham Credit Union is linked' });
    expect(screen.getByText('You can close this page and go back to the wallet app.')).toBeInTheDocument();
    // The pressed button went with the form: focus is on what the page says now, not back at the top.
    await waitFor(() => expect(linked).toHaveFocus());

    expect(fake.bodiesOf('/bank-link-handoff/redeem')).toEqual([{ token: LINK_TOKEN }]);
    const redeem = fake.calls.find((call) => call.path === '/bank-link-handoff/redeem');
    expect(redeem?.authorization).toBeNull();
    for (const call of fake.calls.filter((c) => c.path.startsWith('/plaid')))
      expect(call.authorization, call.path).toBe(`Bearer ${ACCESS}`);
  });

  it('says when the link was used already or has expired, in the words of the catalogue', async () => {
    const used = server({
      '/bank-link-handoff/redeem': () =>
        fail(400, 'bank_link_handoff_invalid', 'This bank link is not valid. Please start again from the wallet app.'),
    });
    vi.stubGlobal('fetch', used.fetch);
    renderAt(`/xumm/plaid?handoff=${LINK_TOKEN}`, <BrowserBankLink token={LINK_TOKEN} />, used);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByTestId('handoff-message')).toHaveTextContent(
      'This bank link is not valid. Please start again from the wallet app.',
    );
  });

  it('logs in again to the bank a re-auth link names, with the access token only, without reading the methods list', async () => {
    const fake = server({
      '/bank-link-handoff/redeem': () =>
        ok({
          accessToken: ACCESS,
          expiresAt: '2030-01-01T00:15:00.000Z',
          email: 'someone@example.com',
          reauth: NEEDS_LOGIN,
        }),
      '/plaid-ui-reauth-token': () => ok({ linkToken: 'link-sandbox-reauth', expiration: '2030-01-01T00:00:00.000Z' }),
      '/plaid-sandbox-link': () =>
        ok({
          publicToken: 'public-sandbox-reauth',
          institutionId: 'ins_gingham',
          institutionName: 'Gingham Credit Union',
          accounts: [],
        }),
      '/plaid-bank-account-reauth': () => ok({ account: LINKED }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const user = renderAt(`/xumm/plaid?handoff=${LINK_TOKEN}`, <BrowserBankLink token={LINK_TOKEN} />, fake);
    expect(await screen.findByText('Logging in to a bank again for someone@example.com')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Log in to Gingham Credit Union' })).toBeInTheDocument();
    // No way back to a methods list this browser cannot open.
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Gingham Credit Union is re-authenticated' }),
    ).toBeInTheDocument();

    const id = NEEDS_LOGIN.primetrustFundsTransferMethodId;
    expect(fake.bodiesOf('/plaid-ui-reauth-token')).toEqual([{ fundsTransferMethodId: id }]);
    expect(fake.bodiesOf('/plaid-bank-account-reauth')).toEqual([
      { fundsTransferMethodId: id, publicToken: 'public-sandbox-reauth' },
    ]);
    expect(fake.calls.some((call) => call.path === '/bank-account-list' || call.path === '/plaid-ui-token')).toBe(
      false,
    );
    for (const call of fake.calls.filter((c) => c.path.startsWith('/plaid')))
      expect(call.authorization, call.path).toBe(`Bearer ${ACCESS}`);
  });

  it('in Spanish, the expired link too', async () => {
    await i18n.changeLanguage('es');
    try {
      const late = server({
        '/bank-link-handoff/redeem': () =>
          fail(400, 'bank_link_handoff_expired', 'This bank link has expired. Please start again from the wallet app.'),
      });
      vi.stubGlobal('fetch', late.fetch);
      renderAt(`/xumm/plaid?handoff=${LINK_TOKEN}`, <BrowserBankLink token={LINK_TOKEN} />, late);
      expect(await screen.findByRole('heading', { name: 'Este enlace ha caducado' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('/xumm/plaid in the mini-app', () => {
  it("opens the handoff in the wallet's browser, waits, and goes back with the linked bank", async () => {
    await startWallet(readWalletLaunch('?xAppToken=3c2b1f0e-9d8c-4b7a-a6f5-e4d3c2b1a098&xAppEmulator=1')!, {
      allowEmulator: true,
      apiKey: null,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let status: 'waiting' | 'opened' | 'linked' = 'waiting';
    const fake = server({
      '/bank-link-handoff/status': () =>
        ok({ status, expiresAt: '2030-01-01T00:15:00.000Z', account: status === 'linked' ? LINKED : null }),
    });
    const user = renderAt('/xumm/plaid?redirect=%2Ftrade%2Fbuy', <WalletBankLink />, fake);
    await user.click(await screen.findByRole('button', { name: 'Open bank link' }));
    await waitFor(() =>
      expect(window.__rampartWalletEmulator?.opened).toEqual([`http://localhost/xumm/plaid?handoff=${LINK_TOKEN}`]),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('handoff-waiting')).toHaveTextContent(
      "Waiting for you to link your bank in the wallet's browser…",
    );

    status = 'opened';
    expect(
      await screen.findByText('The link is open in your browser. Finish there, then come back here.'),
    ).toBeInTheDocument();
    status = 'linked';
    // Coming back to the wallet: the answer is read at once.
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/trade\/buy$/));
    expect(
      fake
        .bodiesOf('/bank-link-handoff/status')
        .every((body) => JSON.stringify(body) === JSON.stringify({ handoffId: HANDOFF_ID })),
    ).toBe(true);
  });

  it('opens a re-auth handoff for the bank that asks for its login again, and says it is done when it is', async () => {
    const id = NEEDS_LOGIN.primetrustFundsTransferMethodId;
    vi.spyOn(window, 'open').mockReturnValue(null);
    let status: 'waiting' | 'linked' = 'waiting';
    const fake = server({
      '/bank-link-handoff/status': () =>
        ok({ status, expiresAt: '2030-01-01T00:15:00.000Z', account: status === 'linked' ? LINKED : null }),
    });
    const user = renderAt(`/xumm/plaid?reauth=${id}`, <WalletBankLink />, fake);
    expect(await screen.findByRole('heading', { name: 'Log in to your bank again' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open bank link' }));
    expect(await screen.findByTestId('handoff-waiting')).toHaveTextContent(
      "Waiting for you to log in to your bank in the wallet's browser…",
    );
    expect(fake.bodiesOf('/bank-link-handoff')).toEqual([{ fundsTransferMethodId: id }]);
    status = 'linked';
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByText('Gingham Credit Union re-authenticated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
  });

  it('offers a new link once the old one has expired', async () => {
    const fake = server({
      '/bank-link-handoff/status': () =>
        ok({ status: 'expired', expiresAt: '2030-01-01T00:15:00.000Z', account: null }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = renderAt('/xumm/plaid', <WalletBankLink />, fake);
    await user.click(await screen.findByRole('button', { name: 'Open bank link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That link has expired. Open a new one to link your bank.',
    );
    expect(screen.getByRole('button', { name: 'Open bank link' })).toBeEnabled();
  });
});
