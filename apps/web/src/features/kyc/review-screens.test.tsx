import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { createQueryClient, createSession } from '../../test/app-kit';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiProvider, createApiClient } from '../../lib/api';
import { fakeFetch, session as identitySession, type Routes as FetchRoutes } from './identity/test-network';
import { KycStepPage } from './kyc-step-page';
import { KycStoreProvider } from '../../lib/session/kyc-store';
import { isKycStepPath } from './kyc-steps';

const file = (name: string | null, mime = 'image/jpeg') => ({ name, mime, size: 1000, sha256: 'a'.repeat(64) });
const baseDoc = {
  documentSubtype: null,
  country: 'US',
  expiresOn: '2030-01-01',
  issuedOn: null,
  label: null,
  identity: true,
  identityPhoto: false,
  proofOfAddress: false,
  metadata: null,
  backFile: null,
};
const DOCUMENTS = [
  {
    ...baseDoc,
    id: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a',
    documentType: 'other',
    documentSubtype: 'selfie',
    identity: false,
    identityPhoto: true,
    expiresOn: null,
    file: file('selfie.jpg'),
    createdAt: '2026-11-20T10:05:00.000Z',
  },
  {
    ...baseDoc,
    id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    documentType: 'drivers_license',
    label: 'My licence',
    file: file('front.jpg'),
    backFile: file('back.jpg'),
    createdAt: '2026-11-20T10:04:00.000Z',
  },
  {
    ...baseDoc,
    id: '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    documentType: 'passport',
    file: file('passport.pdf', 'application/pdf'),
    createdAt: '2026-11-19T09:00:00.000Z',
  },
];

function Step() {
  const step = useParams().step;
  return isKycStepPath(step) ? <KycStepPage step={step} /> : null;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The real session wiring (app/session.ts) and API client over a fake network: what a signed-in user's tab runs. */
async function mount(routes: FetchRoutes, entry: string | { pathname: string; state: unknown } = '/kyc/pending') {
  const net = fakeFetch({
    '/primetrust/account/get': () => ({ body: { status: 'pending' } }),
    '/primetrust-contact': () => ({
      body: {
        status: 'pending',
        checks: { identity: 'passed', documents: 'pending', address: 'pending', sanctions: 'pending' },
      },
    }),
    '/primetrust-accounts-view': () => ({ body: { available: '0.00' } }),
    '/socure/status': () => ({ body: identitySession('submitted') }),
    '/fileupload-user-kyc-document-list': () => ({ body: { documents: DOCUMENTS } }),
    ...routes,
  });
  // No back-off wait between attempts, so a retry would show at once.
  const api = createApiClient({
    baseUrl: '/api',
    fetch: net.fetch,
    getToken: () => 'user-token',
    sleep: async () => {},
  });
  const { kyc } = createSession(api);
  await kyc.load();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={api}>
        <KycStoreProvider store={kyc}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={[entry]}>
              <Routes>
                <Route path="/kyc/:step" element={<Step />} />
                <Route path="*" element={null} />
              </Routes>
              <Where />
            </MemoryRouter>
          </SnackbarProvider>
        </KycStoreProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  const sent = (path: string) => net.calls.filter((c) => c.path === path);
  return { ...net, sent };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['kyc', 'kycForm', 'idv']);
});

describe('the documents the user sent', () => {
  it('lists them on the review screen: name, kind and date', async () => {
    const { sent } = await mount({});
    await screen.findByRole('heading', { name: 'KYC is being reviewed' });
    const list = await screen.findByRole('list', { name: 'Your documents' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Selfie');
    expect(items[1]).toHaveTextContent('My licence');
    expect(items[1]).toHaveTextContent("Driver's license · Front and back");
    expect(items[1]).toHaveTextContent('Uploaded Nov 20, 2026');
    expect(items[2]).toHaveTextContent('Passport');
    expect(items[2]).toHaveTextContent('Uploaded Nov 19, 2026');
    expect(sent('/fileupload-user-kyc-document-list')).toHaveLength(1);
  });

  it('lists them under the countdown right after the application is sent', async () => {
    await mount({}, { pathname: '/kyc/pending', state: { submitted: true } });
    expect(await screen.findByRole('heading', { name: 'Verifying...' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Your documents' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
  });

  it('says so when there are none', async () => {
    await mount({ '/fileupload-user-kyc-document-list': () => ({ body: { documents: [] } }) });
    expect(await screen.findByText('You have not uploaded any documents yet.')).toBeInTheDocument();
  });

  it('says when they cannot be loaded and loads them again on Try again', async () => {
    let fail = true;
    await mount({
      '/fileupload-user-kyc-document-list': () =>
        fail ? { status: 400, body: { message: 'nope', type: 'api_error' } } : { body: { documents: DOCUMENTS } },
    });
    const section = await screen.findByTestId('kyc-documents');
    expect(await within(section).findByRole('alert')).toHaveTextContent('We could not load your documents.');
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Your documents' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      await mount({});
      const list = await screen.findByRole('list', { name: 'Tus documentos' });
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Licencia de conducir · Anverso y reverso');
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Subido el');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe("'Check again' on the review screens", () => {
  it('is not sent by showing the screen: the periodic check reads the status', async () => {
    const { sent } = await mount({});
    await screen.findByRole('button', { name: 'Check again' });
    expect(sent('/primetrust-account-refresh')).toHaveLength(0);
  });

  it('asks the custodian again and moves on when the application was decided', async () => {
    const { sent } = await mount({
      '/primetrust-account-refresh': () => ({
        body: { status: 'opened', accountId: 'a', relatedId: 'c', statusReason: null },
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Your identity is verified' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/kyc/verified');
    expect(sent('/primetrust-account-refresh')).toHaveLength(1);
    expect(sent('/primetrust-account-refresh')[0]?.authorization).toBe('Bearer user-token');
  });

  it('says the application is still in review when nothing changed', async () => {
    await mount({
      '/primetrust-account-refresh': () => ({
        body: { status: 'pending', accountId: 'a', relatedId: 'c', statusReason: null },
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Your application is still being reviewed. We asked the custodian to look at it again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'KYC is being reviewed' })).toBeInTheDocument();
  });

  it('sends the refresh once, without retrying, when the service fails (R16), and says so', async () => {
    const { sent } = await mount({
      '/primetrust-account-refresh': () => ({ status: 503, body: { message: 'down', type: 'api_error' } }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('We could not check your application just now. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(sent('/primetrust-account-refresh')).toHaveLength(1);
    // The screen keeps what it knew.
    expect(screen.getByRole('heading', { name: 'KYC is being reviewed' })).toBeInTheDocument();
  });
});
