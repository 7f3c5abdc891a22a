import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiError, ApiProvider } from '../../lib/api';
import { createKycStore, KycStoreProvider } from '../../lib/session/kyc-store';
import { AccountFrozenScreen } from './account-frozen-screen';
import { AuthStoreProvider, createAuthStore } from '../../lib/session/auth-store';

function renderScreen(options: { sandbox: boolean; request: (path: string, init?: unknown) => Promise<unknown> }) {
  const auth = createAuthStore(
    { authcheck: vi.fn(), readToken: () => 'token', clearSession: vi.fn() },
    { authChecked: true, loggedIn: true, accountFrozen: true },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const request = vi.fn(options.request);
  const getAccount = vi.fn(() => Promise.resolve({ status: 'opened' as const }));
  const kyc = createKycStore({ getAccount, delayMs: 0 }, { requestStatus: 'failure' });
  render(
    <QueryClientProvider client={client}>
      <ApiProvider api={{ request: request as never }}>
        <AuthStoreProvider store={auth}>
          <KycStoreProvider store={kyc}>
            <SnackbarProvider>
              <AccountFrozenScreen supportUrl="https://support.example.com" sandbox={options.sandbox} />
            </SnackbarProvider>
          </KycStoreProvider>
        </AuthStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { auth, kyc, getAccount, request };
}

describe('the frozen-account screen (R5)', () => {
  it('outside sandbox mode offers sign-out and Contact Support, no unfreeze', () => {
    const { request } = renderScreen({ sandbox: false, request: () => Promise.resolve({}) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is frozen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute(
      'href',
      'https://support.example.com',
    );
    expect(screen.queryByRole('button', { name: 'Unfreeze account (sandbox)' })).not.toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('in sandbox mode the unfreeze button calls the sandbox unfreeze and clears the flag', async () => {
    const { auth, kyc, getAccount, request } = renderScreen({
      sandbox: true,
      request: () => Promise.resolve({ message: 'Account Unfrozen Successfully', frozen: false }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unfreeze account (sandbox)' }));
    await waitFor(() => expect(auth.getState().accountFrozen).toBe(false));
    // The KYC account state that failed while frozen loads again.
    await waitFor(() => expect(kyc.getState()).toMatchObject({ requestStatus: 'success', kycStatus: 'opened' }));
    expect(getAccount).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('/primetrust-sandbox-unfreeze-account', { body: {} });
    expect(await screen.findByText('Account Unfrozen Successfully')).toBeInTheDocument();
  });

  it('a failed unfreeze says why and keeps the account frozen', async () => {
    const failure = new ApiError({
      message: 'The service is temporarily unavailable',
      type: 'api_error',
      kind: 'general',
      statusCode: 503,
    });
    const { auth } = renderScreen({ sandbox: true, request: () => Promise.reject(failure) });
    await userEvent.click(screen.getByRole('button', { name: 'Unfreeze account (sandbox)' }));
    expect(
      await screen.findByText("Couldn't unfreeze the account: The service is temporarily unavailable"),
    ).toBeInTheDocument();
    expect(auth.getState().accountFrozen).toBe(true);
  });
});
