import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_MESSAGES, TRANSFER_SANDBOX_MESSAGES } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../../test/app-kit';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiError, ApiProvider, type ApiClient } from '../../lib/api';
import { AuthStoreProvider, createAuthStore, type AuthStore } from '../../lib/session/auth-store';
import { createKycStore, KycStoreProvider, type KycState } from '../../lib/session/kyc-store';
import { holdingsKey } from '../../lib/queries/holdings';
import { SandboxPage } from './sandbox-page';

type Handler = (body: unknown) => unknown;

const METHOD_ID = '4f6f7b8e-2f0a-4b53-9a57-2b7a1d0c9e11';
const bankAccount = {
  resourceId: 'r1',
  relatedId: 'c1',
  bankName: 'First Platypus Bank',
  nickname: 'Checking',
  lastDigits: '0000',
  fundsTransferMethod: 'plaid',
  primetrustFundsTransferMethodId: METHOD_ID,
  primetrustFundsTransferMethod2Id: METHOD_ID,
  institutionId: 'ins_1',
  subtype: 'checking',
  requiresReauth: false,
  errors: null,
};
const fundReply = (message: string) => ({
  message,
  transactionId: 't1',
  replayed: false,
  assetTicker: 'USD',
  amount: '100',
});

function mount(handlers: Record<string, Handler>, kyc: Partial<KycState>) {
  const calls: { path: string; body: unknown }[] = [];
  const all: Record<string, Handler> = {
    '/primetrust/account/get': () => ({ status: kyc.kycStatus ?? 'noInfo', accountId: 'acc-1' }),
    '/primetrust-accounts-view': () => ({ available: '12.50', settled: '12.50', held: '0.00', assets: [] }),
    '/bank-account-list': () => ({ accounts: [bankAccount] }),
    ...handlers,
  };
  // The account refresh answers the status as it stands, like the API.
  all['/primetrust-account-refresh'] ??= (body) => all['/primetrust/account/get']?.(body);
  const api: ApiClient = {
    request: (async (path: string, options?: { body?: unknown; schema?: { parse(data: unknown): unknown } }) => {
      calls.push({ path, body: options?.body });
      const handler = all[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      const reply = await handler(options?.body);
      return options?.schema ? options.schema.parse(reply) : reply;
    }) as ApiClient['request'],
  };
  // The KYC store reads the status through the same handler, so a test sees it read again after an action.
  const getAccount = async () => (await all['/primetrust/account/get']?.({})) as { status?: KycState['kycStatus'] };
  const refreshAccount = () =>
    api.request<{ status?: KycState['kycStatus'] }>('/primetrust-account-refresh', { body: {} });
  const store = createKycStore({ getAccount, refreshAccount, delayMs: 0 }, { requestStatus: 'success', ...kyc });
  const auth: AuthStore = createAuthStore(
    { authcheck: vi.fn(), readToken: () => null, clearSession: vi.fn() },
    { authChecked: true, loggedIn: true },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <AuthStoreProvider store={auth}>
          <KycStoreProvider store={store}>
            <SnackbarProvider>
              <Suspense fallback={null}>
                <SandboxPage />
              </Suspense>
            </SnackbarProvider>
          </KycStoreProvider>
        </AuthStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { calls, store, auth, queryClient, paths: () => calls.map((c) => c.path) };
}

/** The settling actions of document 1, section 2, their paths (document 2, section 7) and toasts (section 8). */
const SETTLE_BUTTONS = [
  {
    name: 'Settle last ACH deposit',
    path: '/primetrust-sandbox-settle-last-ach-contribution',
    message: 'Last ACH Contribution Settled Successfully',
    reply: { transfers: [] },
  },
  {
    name: 'Settle last card deposit',
    path: '/primetrust-sandbox-settle-last-cc-contribution',
    message: 'Last Credit Card Contribution Settled Successfully',
    reply: { transfers: [] },
  },
  {
    name: 'Settle last wire withdrawal',
    path: '/primetrust-sandbox-settle-last-wire-withdrawal',
    message: 'Last Wire Withdrawal Settled Successfully',
    reply: { transfers: [] },
  },
  {
    name: 'Settle instant ACH deposits',
    path: '/primetrust-sandbox-settle-instant-ach-contributions',
    message: 'All Instant ACH Contributions Settled Successfully',
    reply: { transfers: [] },
  },
  {
    name: 'Trigger a test sell flow',
    path: '/primetrust-sandbox-test-sell-flow',
    message: TRANSFER_SANDBOX_MESSAGES.testSellFlow,
    reply: { assetTicker: 'USDC', assetAmount: '100', usdAmount: '100.00', transactionIds: ['t1'] },
  },
];

const sent = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

beforeAll(async () => {
  await i18n.loadNamespaces(['sandbox']);
});

describe('the sandbox page', () => {
  it('shows the status, the raw account views and the actions of an account that is not opened', async () => {
    mount({}, { kycStatus: 'noInfo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox' })).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-kyc-status')).toHaveTextContent('No information');
    for (const name of ['Create and clear KYC account', 'Create KYC account', 'Clear KYC account']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Fund account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /settle/i })).not.toBeInTheDocument();

    const accountView = screen.getByRole('region', { name: 'Account (/primetrust/account/get)' });
    await waitFor(() => expect(accountView).toHaveTextContent('"accountId": "acc-1"'));
    expect(accountView).toHaveAttribute('tabindex', '0');
    const holdingsView = screen.getByRole('region', { name: 'Holdings (/primetrust-accounts-view)' });
    await waitFor(() => expect(holdingsView).toHaveTextContent('"available": "12.50"'));
  });

  it('creates the account, shows the reply in a toast and reads the status again', async () => {
    const user = userEvent.setup();
    let status = 'noInfo';
    const { calls, store } = mount(
      {
        '/primetrust/sandbox/account/individual/create': () => {
          status = 'opened';
          return { message: SANDBOX_MESSAGES.accountOpened, status: 'opened', accountId: 'acc-1', passport: null };
        },
        '/primetrust/account/get': () => ({ status }),
      },
      { kycStatus: 'noInfo' },
    );
    await user.click(await screen.findByRole('button', { name: 'Create KYC account' }));
    expect(await screen.findByText('Account KYC Open Successfully')).toBeInTheDocument();
    expect(sent(calls, '/primetrust/sandbox/account/individual/create')).toHaveLength(1);
    expect(sent(calls, '/primetrust/sandbox/account/individual/clear')).toHaveLength(0);
    // The raw views are fetched again after the action.
    await waitFor(() => expect(sent(calls, '/primetrust/account/get').length).toBeGreaterThanOrEqual(2));
    expect(sent(calls, '/primetrust-accounts-view').length).toBeGreaterThanOrEqual(2);
    // "After each sandbox action the KYC account state is refreshed": once, through the account refresh.
    await waitFor(() => expect(store.getState().kycStatus).toBe('opened'));
    expect(sent(calls, '/primetrust-account-refresh')).toHaveLength(1);
    expect(store.getState().requestStatus).toBe('success');
  });

  it('clears then creates for "Create and clear KYC account"', async () => {
    const user = userEvent.setup();
    const { paths } = mount(
      {
        '/primetrust/sandbox/account/individual/clear': () => ({
          message: SANDBOX_MESSAGES.accountCleared,
          status: 'noInfo',
          accountId: null,
          passport: null,
        }),
        '/primetrust/sandbox/account/individual/create': () => ({
          message: SANDBOX_MESSAGES.accountOpened,
          status: 'opened',
          accountId: 'a',
          passport: null,
        }),
      },
      { kycStatus: 'pending' },
    );
    await user.click(await screen.findByRole('button', { name: 'Create and clear KYC account' }));
    expect(await screen.findByText('Account KYC Open Successfully')).toBeInTheDocument();
    const actions = paths().filter((p) => p.includes('/sandbox/account/individual/'));
    expect(actions).toEqual([
      '/primetrust/sandbox/account/individual/clear',
      '/primetrust/sandbox/account/individual/create',
    ]);
  });

  it('shows the funding inputs and Clear once opened, and hides the create actions', async () => {
    mount({}, { kycStatus: 'opened' });
    expect(await screen.findByRole('button', { name: 'Clear KYC account' })).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-kyc-status')).toHaveTextContent('Opened');
    expect(screen.queryByRole('button', { name: 'Create KYC account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create and clear KYC account' })).not.toBeInTheDocument();
    for (const name of [
      'Fund account',
      'Wire deposit fund',
      'Fund asset',
      'Reset',
      ...SETTLE_BUTTONS.map((b) => b.name),
      'Freeze account',
      'Unfreeze account',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Fund account amount (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Wire deposit amount (USD)' })).toBeInTheDocument();
  });

  it.each(SETTLE_BUTTONS)(
    '"$name" posts to $path, shows its toast and reads the KYC state again',
    async ({ name, path, message, reply }) => {
      const user = userEvent.setup();
      let accountReads = 0;
      const { calls } = mount(
        {
          [path]: () => ({ message, ...reply }),
          '/primetrust/account/get': () => {
            accountReads += 1;
            return { status: 'opened' };
          },
        },
        { kycStatus: 'opened' },
      );
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect(accountReads).toBeGreaterThan(0));
      const before = accountReads;
      await user.click(button);
      const toast = await screen.findByText(message);
      expect(toast.closest('[data-severity]')).toHaveAttribute('data-severity', 'success');
      expect(sent(calls, path)).toEqual([{}]);
      await waitFor(() => expect(accountReads).toBeGreaterThan(before));
      // No other settle call went out.
      for (const other of SETTLE_BUTTONS.filter((b) => b.path !== path)) expect(sent(calls, other.path)).toEqual([]);
    },
  );

  it('shows a settle failure in an error toast', async () => {
    const user = userEvent.setup();
    mount(
      {
        '/primetrust-sandbox-settle-last-ach-contribution': () => {
          throw new ApiError({
            message: 'There is no pending ACH deposit to settle',
            type: 'api_error',
            kind: 'general',
            statusCode: 404,
          });
        },
      },
      { kycStatus: 'opened' },
    );
    await user.click(await screen.findByRole('button', { name: 'Settle last ACH deposit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There is no pending ACH deposit to settle');
    expect(alert).toHaveAttribute('data-severity', 'error');
  });

  it("freezes and unfreezes the account; unfreezing clears the app's frozen flag", async () => {
    const user = userEvent.setup();
    const { calls, auth } = mount(
      {
        '/primetrust-sandbox-freeze-account': () => ({ message: SANDBOX_MESSAGES.accountFrozen, frozen: true }),
        '/primetrust-sandbox-unfreeze-account': () => ({ message: SANDBOX_MESSAGES.accountUnfrozen, frozen: false }),
      },
      { kycStatus: 'opened' },
    );
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    expect(await screen.findByText('Account Frozen Successfully')).toBeInTheDocument();
    expect(sent(calls, '/primetrust-sandbox-freeze-account')).toEqual([{}]);
    auth.setAccountFrozen(true);
    await user.click(screen.getByRole('button', { name: 'Unfreeze account' }));
    expect(await screen.findByText('Account Unfrozen Successfully')).toBeInTheDocument();
    expect(sent(calls, '/primetrust-sandbox-unfreeze-account')).toEqual([{}]);
    expect(auth.getState().accountFrozen).toBe(false);
  });

  it('funds the account with { amount } and shows the reply', async () => {
    const user = userEvent.setup();
    const { calls } = mount(
      { '/primetrust/sandbox/account/fund': () => fundReply(SANDBOX_MESSAGES.accountFunded) },
      { kycStatus: 'opened' },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Fund account amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Fund account' }));
    expect(await screen.findByText('Fund Account Success')).toBeInTheDocument();
    expect(sent(calls, '/primetrust/sandbox/account/fund')).toEqual([{ amount: '100' }]);
  });

  it('refreshes the one holdings read after funding, so the money and trade pages show the new balance', async () => {
    const user = userEvent.setup();
    let available = '12.50';
    const { queryClient } = mount(
      {
        '/primetrust-accounts-view': () => ({ available, settled: available, held: '0.00', assets: [] }),
        '/primetrust/sandbox/account/fund': () => {
          available = '112.50';
          return fundReply(SANDBOX_MESSAGES.accountFunded);
        },
      },
      { kycStatus: 'opened' },
    );
    // The balance as the other pages read it: the shared holdings entry (lib/queries/holdings.ts).
    await waitFor(() => expect(queryClient.getQueryData(holdingsKey)).toMatchObject({ available: '12.50' }));
    await user.type(await screen.findByRole('textbox', { name: 'Fund account amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Fund account' }));
    expect(await screen.findByText('Fund Account Success')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(holdingsKey)).toMatchObject({ available: '112.50' }));
  });

  it('sends the wire deposit amount', async () => {
    const user = userEvent.setup();
    const { calls } = mount(
      { '/primetrust-sandbox-send-and-settle-wire-deposit': () => fundReply(SANDBOX_MESSAGES.wireDepositFunded) },
      { kycStatus: 'opened' },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Wire deposit amount (USD)' }), '25.50');
    await user.click(screen.getByRole('button', { name: 'Wire deposit fund' }));
    expect(await screen.findByText('Wire Deposit Fund Success')).toBeInTheDocument();
    expect(sent(calls, '/primetrust-sandbox-send-and-settle-wire-deposit')).toEqual([{ amount: '25.50' }]);
  });

  it('shows an API error in an error toast', async () => {
    const user = userEvent.setup();
    mount(
      {
        '/primetrust/sandbox/account/fund': () => {
          throw new ApiError({
            message: 'Amount is required',
            type: 'new_validation_error',
            kind: 'general',
            statusCode: 400,
            errors: ['Amount is required'],
          });
        },
      },
      { kycStatus: 'opened' },
    );
    await user.click(await screen.findByRole('button', { name: 'Fund account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Amount is required');
    expect(alert).toHaveAttribute('data-severity', 'error');
  });

  it('upper-cases the asset ticker as typed and does nothing while either field is empty', async () => {
    const user = userEvent.setup();
    const { calls } = mount(
      { '/primetrust-sandbox-asset-deposit': () => fundReply(SANDBOX_MESSAGES.assetFunded) },
      { kycStatus: 'opened' },
    );
    const ticker = await screen.findByRole('textbox', { name: 'Asset ticker' });
    const amount = screen.getByRole('textbox', { name: 'Asset amount' });
    const button = screen.getByRole('button', { name: 'Fund asset' });

    await user.click(button);
    await user.type(ticker, 'usdc');
    expect(ticker).toHaveValue('USDC');
    await user.click(button);
    await user.clear(ticker);
    await user.type(amount, '5');
    await user.click(button);
    expect(sent(calls, '/primetrust-sandbox-asset-deposit')).toEqual([]);

    await user.type(ticker, 'usdc');
    await user.click(button);
    expect(await screen.findByText('Fund Asset Success')).toBeInTheDocument();
    expect(sent(calls, '/primetrust-sandbox-asset-deposit')).toEqual([{ assetTicker: 'USDC', amount: '5' }]);
  });

  it('asks for a payment method before a reset', async () => {
    const user = userEvent.setup();
    const { calls } = mount({}, { kycStatus: 'opened' });
    await user.click(await screen.findByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Select one payment method')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Payment method' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, '/primetrust/sandbox/plaid-reset-method')).toEqual([]);
  });

  it('resets the chosen linked bank method', async () => {
    const user = userEvent.setup();
    const { calls } = mount(
      {
        '/primetrust/sandbox/plaid-reset-method': () => ({
          message: SANDBOX_MESSAGES.methodReset,
          fundsTransferMethodId: METHOD_ID,
          requiresReauth: true,
        }),
      },
      { kycStatus: 'opened' },
    );
    const select = await screen.findByRole('combobox', { name: 'Payment method' });
    await within(select).findByRole('option', { name: 'First Platypus Bank Checking ••••0000' });
    await user.selectOptions(select, METHOD_ID);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(SANDBOX_MESSAGES.methodReset)).toBeInTheDocument();
    expect(sent(calls, '/primetrust/sandbox/plaid-reset-method')).toEqual([{ fundsTransferMethodId: METHOD_ID }]);
  });

  it("says Couldn't reset with the details when the reset fails", async () => {
    const user = userEvent.setup();
    mount(
      {
        '/primetrust/sandbox/plaid-reset-method': () => {
          throw new ApiError({ message: 'Unknown bank method', type: 'api_error', kind: 'general', statusCode: 404 });
        },
      },
      { kycStatus: 'opened' },
    );
    const select = await screen.findByRole('combobox', { name: 'Payment method' });
    await within(select).findByRole('option', { name: /First Platypus Bank/ });
    await user.selectOptions(select, METHOD_ID);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't reset: Unknown bank method");
    expect(alert).toHaveAttribute('data-severity', 'error');
  });

  it('has Spanish texts', async () => {
    await i18n.changeLanguage('es');
    try {
      mount({}, { kycStatus: 'opened' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Entorno de pruebas' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Restablecer' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
