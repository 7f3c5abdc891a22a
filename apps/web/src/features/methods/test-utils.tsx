import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BankAccount, BankInstitution } from '@rampart/contracts';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiProvider, createApiClient } from '../../lib/api';
import { BankLinkPage } from './bank-link-page';
import { CardPage } from './card-page';
import { MethodsPage } from './methods-page';

export interface Call {
  path: string;
  body: unknown;
  authorization?: string | null;
}

/** A reply: status and body, or a promise of one (a test can hold a reply back and release it). */
export type Handler = (body: unknown) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export const ok = (body: unknown) => ({ status: 200, body });
export const fail = (status: number, code: string, message: string) => ({
  status,
  body: { message, code, type: 'api_error', errors: { errors: [message], fields: {} } },
});

/** A fake server behind the real API client (its error reading included); every call is recorded. */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const authorization = new Headers(init?.headers).get('authorization');
    calls.push({ path, body, authorization });
    const handler = handlers[path];
    const reply = handler
      ? await handler(body)
      : { status: 404, body: { message: 'Not found', code: 'not_found', type: 'api_error' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api', fetch, sleep: async () => {} });
  return {
    api,
    fetch,
    calls,
    bodiesOf: (path: string) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The methods screens at `path`, with the app's providers and a read-out of the current location. */
export function renderMethods(path: string, server: ReturnType<typeof fakeServer>) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={server.api}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={<p>suspended</p>}>
              <Routes>
                <Route path="/methods" element={<MethodsPage />} />
                <Route path="/methods/bank" element={<BankLinkPage />} />
                <Route path="/methods/card" element={<CardPage />} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </Suspense>
            <Where />
          </MemoryRouter>
        </SnackbarProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

export const METHOD_ID = '4f6f7b8e-2f0a-4b53-9a57-2b7a1d0c9e11';
export const OTHER_METHOD_ID = '9a0c6f43-5a43-4d8e-8d0e-1b4f7e9b2c55';

export function bankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    resourceId: METHOD_ID,
    relatedId: 'contact-1',
    bankName: 'First Platypus Bank',
    nickname: 'Plaid Checking',
    lastDigits: '0000',
    fundsTransferMethod: 'plaid',
    primetrustFundsTransferMethodId: METHOD_ID,
    primetrustFundsTransferMethod2Id: METHOD_ID,
    institutionId: 'ins_platypus',
    subtype: 'checking',
    requiresReauth: false,
    errors: null,
    ...overrides,
  };
}

export const INSTITUTIONS: BankInstitution[] = [
  { id: 'ins_platypus', name: 'First Platypus Bank', logo: { monogram: 'FP', color: '#1d4ed8' }, blacklisted: false },
  { id: 'ins_chime', name: 'Chime', logo: { monogram: 'C', color: '#047857' }, blacklisted: true },
  { id: 'ins_gingham', name: 'Gingham Credit Union', logo: { monogram: 'GC', color: '#b91c1c' }, blacklisted: false },
];
