import { Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  renderServerMessage,
  serverMessageOfText,
  type BankAccount,
  type FeatureFlags,
  type ServerMessage,
  type TransferView,
} from '@rampart/contracts';
import { configKey, readPublicConfig } from '../lib/config';
import { SnackbarProvider } from '../components/ui/snackbar';
import { ApiProvider, createApiClient } from '../lib/api';

export interface Call {
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

export type Reply = { status: number; body: unknown };
export type Handler = (body: unknown) => Reply | unknown;

/**
 * A fake server behind the real API client: each path answers with its handler (a plain value is a 200 reply); every
 * call is recorded with its Idempotency-Key. Error replies go through the client's own reading, as in the app.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ path, body, idempotencyKey: headers.get('idempotency-key') });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, body: { message: `Not found: ${path}` } };
    const reply: Reply =
      typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer
        ? (answer as Reply)
        : { status: 200, body: answer };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api', fetch, sleep: async () => {} });
  return { api, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/**
 * Keyed as the API keys its messages (decision 075): a ServerMessage is rendered and carries its key; a parameterless
 * catalogue text is keyed too; any other text goes without a key.
 */
function keyed(message: string | ServerMessage): { text: string; key?: { key: string; params?: object } } {
  if (typeof message !== 'string') return { text: renderServerMessage(message), key: { ...message } };
  const key = serverMessageOfText(message);
  return key ? { text: message, key } : { text: message };
}

/** A 400 validation reply in the API's shape (decision 003), with the fields' keys beside their texts. */
export function validationReply(fields: Record<string, string | ServerMessage>): Reply {
  const texts: Record<string, string> = {};
  const fieldKeys: Record<string, object> = {};
  for (const [field, message] of Object.entries(fields)) {
    const { text, key } = keyed(message);
    texts[field] = text;
    if (key) fieldKeys[field] = key;
  }
  return {
    status: 400,
    body: {
      message: 'validation error',
      type: 'new_validation_error',
      errors: { errors: Object.values(texts), fields: texts },
      ...(Object.keys(fieldKeys).length > 0 ? { fieldKeys } : {}),
    },
  };
}

export function errorReply(status: number, message: string | ServerMessage, code = 'error'): Reply {
  const { text, key } = keyed(message);
  const keys = key ? { messageKey: key.key, ...(key.params ? { params: key.params } : {}) } : {};
  return { status, body: { message: text, code, type: 'api_error', ...keys } };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders a page at `path` with the app's providers; other paths render their name so navigation can be seen.
 * `flags` overrides the documented feature flags, as a deployment's `/api/config` would serve them.
 */
export function renderPage(
  ui: ReactElement,
  api: ReturnType<typeof fakeServer>['api'],
  path: string,
  routePath = path.split('?')[0] ?? path,
  flags?: Partial<FeatureFlags>,
) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (flags)
    queryClient.setQueryData(
      configKey,
      readPublicConfig({ version: '0.0.0-test', stage: 'sandbox', sandbox: true, flags }),
    );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={<p>loading</p>}>
              <Routes>
                <Route path={routePath} element={ui} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </Suspense>
            <Location />
          </MemoryRouter>
        </SnackbarProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { user, queryClient, ...result };
}

export const BANK_ID = '4f6f7b8e-2f0a-4b53-9a57-2b7a1d0c9e11';

export function bank(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    resourceId: BANK_ID,
    relatedId: 'c1',
    bankName: 'First Platypus Bank',
    nickname: 'Checking',
    lastDigits: '0000',
    fundsTransferMethod: 'plaid',
    primetrustFundsTransferMethodId: BANK_ID,
    primetrustFundsTransferMethod2Id: BANK_ID,
    institutionId: 'ins_1',
    subtype: 'checking',
    requiresReauth: false,
    errors: null,
    ...overrides,
  };
}

export function transfer(overrides: Partial<TransferView> = {}): TransferView {
  return {
    transferId: '0b5d2a4e-6c1f-4f0e-9d55-111111111111',
    direction: 'contribution',
    methodKey: 'primex_ach',
    method: 'ach',
    methodTicker: 'ACH_PLAID',
    status: 'pending',
    amount: '100.00',
    fee: '0.50',
    net: '100.00',
    methodRef: { kind: 'bank', id: BANK_ID, last4: '0000', label: 'First Platypus Bank Checking', bankCode: null },
    fundsAvailable: false,
    settlesAt: '2026-12-01T15:00:00.000Z',
    confirmation: null,
    confirmBy: null,
    confirmedAt: null,
    settledAt: null,
    cancelledAt: null,
    reversedAt: null,
    createdAt: '2026-11-23T15:00:00.000Z',
    ...overrides,
  };
}

export const HOLDINGS = {
  available: '150.00',
  settled: '200.00',
  held: '50.00',
  assets: [{ assetTicker: 'USDC', settled: '5.000000', held: '0.000000', available: '5.000000' }],
};
