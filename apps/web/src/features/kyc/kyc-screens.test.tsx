import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../../test/app-kit';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiError, ApiProvider, type ApiClient } from '../../lib/api';
import { TermsStep } from './components/terms-step';
import { WaitingScreen } from './components/waiting-screen';
import { KycStepPage } from './kyc-step-page';
import { isKycStepPath } from './kyc-steps';
import { createKycStore, KycStoreProvider, type KycState } from '../../lib/session/kyc-store';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

type Handler = (body: unknown) => unknown;

function fakeApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: unknown }[] = [];
  const api: ApiClient = {
    request: (async (path: string, options?: { body?: unknown }) => {
      calls.push({ path, body: options?.body });
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      return handler(options?.body);
    }) as ApiClient['request'],
  };
  return { api, calls };
}

function mount(path: string, element: ReactNode, handlers: Record<string, Handler>, kyc: Partial<KycState> = {}) {
  const { api, calls } = fakeApi(handlers);
  const store = createKycStore({ getAccount: async () => ({ status: kyc.kycStatus ?? 'noInfo' }), delayMs: 0 }, kyc);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={api}>
        <KycStoreProvider store={store}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/kyc/:step" element={element} />
                <Route path="*" element={null} />
              </Routes>
              <Where />
            </MemoryRouter>
          </SnackbarProvider>
        </KycStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { calls, store };
}

const preview = {
  data: {
    title: 'Custodial Account Agreement',
    version: '2025-01',
    content:
      'Custodial Account Agreement\n\nThis Custodial Account Agreement is made between the Custodian and Jane Doe.\n\n1. Account. Held for you.',
    signature: 'Jane Doe',
  },
};

beforeAll(async () => {
  // Loaded up front: the countdown test runs on fake timers.
  await i18n.loadNamespaces(['kyc', 'kycForm', 'idv']);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the waiting screen', () => {
  it('counts down, checks the status every 30 s and says so at zero', async () => {
    vi.useFakeTimers();
    const onCheck = vi.fn();
    mount(
      '/kyc/pending',
      <WaitingScreen onCheck={onCheck} supportUrl="https://support.example" random={() => 0.5} />,
      {},
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Verifying...' })).toBeInTheDocument();
    expect(screen.getByText(/This may take up to 5 minutes or longer\./)).toBeInTheDocument();
    expect(screen.getByTestId('kyc-countdown')).toHaveTextContent('5:00');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', 'https://support.example');
    expect(screen.getByRole('link', { name: 'Go To Home' })).toHaveAttribute('href', '/');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByTestId('kyc-countdown')).toHaveTextContent('4:30');
    expect(onCheck).toHaveBeenCalledOnce();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '94');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(270_000);
    });
    expect(screen.getByTestId('kyc-countdown')).toHaveTextContent('0:00');
    expect(
      screen.getByText(
        'This is taking longer than expected. We will notify by email about your verification results. You can close this window now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(onCheck).toHaveBeenCalledTimes(9);
  });
});

describe('the agreement', () => {
  it('shows the filled-in text, asks for acceptance, then signs with first and last name', async () => {
    const user = userEvent.setup();
    const onSigned = vi.fn();
    const { calls } = mount('/kyc/terms', <TermsStep onSigned={onSigned} onCaptureMissing={vi.fn()} />, {
      '/contact/get/agreementpreviews': () => preview,
      '/agreement-submit-individual': () => ({ status: 'pending' }),
    });
    expect(await screen.findByRole('heading', { name: 'Custodial Agreement' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Custodial agreement text' })).toHaveTextContent(
      'made between the Custodian and Jane Doe',
    );
    expect(screen.getByTestId('agreement-signature')).toHaveTextContent('Jane Doe');
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    expect(screen.getByTestId('field-error-accept')).toHaveTextContent('Please accept the agreement to continue.');
    expect(calls.map((c) => c.path)).not.toContain('/agreement-submit-individual');

    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the Custodial Agreement' }));
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    await waitFor(() => expect(onSigned).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.path === '/agreement-submit-individual')?.body).toEqual({ signature: 'Jane Doe' });
  });

  it("says it couldn't fetch the agreement, and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    mount('/kyc/terms', <TermsStep onSigned={vi.fn()} onCaptureMissing={vi.fn()} />, {
      '/contact/get/agreementpreviews': () => {
        if (fail)
          throw new ApiError({ message: 'Service Unavailable', type: 'api_error', kind: 'general', statusCode: 503 });
        return preview;
      },
    });
    expect(
      await screen.findByText("Something went wrong and we couldn't fetch your Custodial Agreement..."),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('agreement-signature')).toHaveTextContent('Jane Doe');
  });

  it('sends the user back to the capture when the server says it is missing', async () => {
    const user = userEvent.setup();
    const onCaptureMissing = vi.fn();
    mount('/kyc/terms', <TermsStep onSigned={vi.fn()} onCaptureMissing={onCaptureMissing} />, {
      '/contact/get/agreementpreviews': () => preview,
      '/agreement-submit-individual': () => {
        throw new ApiError({
          message: 'Please verify your identity before signing the agreement.',
          code: 'verification_incomplete',
          type: 'api_error',
          kind: 'general',
          statusCode: 409,
        });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'I have read and accept the Custodial Agreement' }));
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    await waitFor(() => expect(onCaptureMissing).toHaveBeenCalledOnce());
    expect(await screen.findByText('Please verify your identity before signing the agreement.')).toBeInTheDocument();
  });
});

describe('the KYC step pages', () => {
  const session =
    (status: string, reason: string | null = null) =>
    () => ({
      sessionId: 's1',
      status,
      documentType: 'passport',
      decision: null,
      reason,
      submittedAt: null,
      decidedAt: null,
    });

  function Step() {
    const step = useLocation().pathname.split('/')[2];
    return isKycStepPath(step) ? <KycStepPage step={step} supportUrl="https://support.example" /> : null;
  }

  it('sends a pending user from the details to the submitted status screen (decision 055)', async () => {
    mount(
      '/kyc/details',
      <Step />,
      { '/socure/status': session('accepted') },
      { requestStatus: 'success', kycStatus: 'pending' },
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/kyc/pending'));
    expect(await screen.findByRole('heading', { name: 'KYC is being reviewed' })).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-countdown')).toBeNull();
  });

  it('sends a pending user whose capture must be taken again to the identity step', async () => {
    mount(
      '/kyc/pending',
      <Step />,
      {
        '/socure/status': session('resubmit', 'The images were unreadable'),
        '/user/country': () => ({ country: 'US', source: 'record' }),
      },
      {
        requestStatus: 'success',
        kycStatus: 'pending',
      },
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/kyc/identity'));
  });

  it('shows the closed and voided screens with their texts', async () => {
    mount('/kyc/closed', <Step />, {}, { requestStatus: 'success', kycStatus: 'closed' });
    expect(await screen.findByRole('heading', { name: 'Your Account is Closed' })).toBeInTheDocument();
    expect(
      screen.getByText('We have found some issues with your application and hence can not service you right now.'),
    ).toBeInTheDocument();
  });

  it('shows the voided text on the closed step', async () => {
    mount('/kyc/verified', <Step />, {}, { requestStatus: 'success', kycStatus: 'voided' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/kyc/closed'));
    expect(
      await screen.findByRole('heading', { name: 'We are unable to service you at the moment' }),
    ).toBeInTheDocument();
  });

  it('shows the fallback when the KYC status could not be loaded', async () => {
    mount('/kyc/start', <Step />, {}, { requestStatus: 'failure' });
    expect(
      await screen.findByRole('heading', { name: 'Unable to process Application Status. Please try again later.' }),
    ).toBeInTheDocument();
  });

  it('starts a new user with the legal copy and a Start link to the details', async () => {
    mount('/kyc/start', <Step />, {}, { requestStatus: 'success', kycStatus: 'noInfo' });
    expect(await screen.findByTestId('kyc-legal')).toHaveTextContent(
      'You are legally required to verify your identity before you can buy or sell.',
    );
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/kyc/details');
  });
});
