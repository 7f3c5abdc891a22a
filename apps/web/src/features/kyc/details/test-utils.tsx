import { Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IndividualInfoReply, KycIndividualInfo } from '@rampart/contracts';
import { SnackbarProvider } from '../../../components/ui/snackbar';
import { ApiProvider, createApiClient } from '../../../lib/api';

export interface Call {
  path: string;
  body: unknown;
}

export type Handler = (body: unknown) => { status: number; body: unknown };

/**
 * A fake server behind the real API client: each path answers with its handler; every call is recorded. Errors
 * go through the client's own reading of replies, as in the app.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    const handler = handlers[path];
    const reply = handler ? handler(body) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api', fetch, sleep: async () => {} });
  return { api, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

export const NO_RECORD: IndividualInfoReply = { relatedId: null, individual: null };

export function savedRecord(overrides: Partial<KycIndividualInfo> = {}): KycIndividualInfo {
  return {
    name: { first: 'Ada', last: 'Lovelace' },
    address: {
      country: 'US',
      countryName: 'United States of America',
      city: 'Boston',
      region: 'MA',
      postalCode: '02110',
      street1: '1 Main St',
    },
    birth: { year: 1990, month: 5, day: 15 },
    tax: { identifier: '123-45-6789', country: 'US', region: 'MA', city: 'Boston' },
    telephone: { country: 'US', countryCode: '1', number: '6175550100' },
    email: 'ada@example.com',
    submitted: false,
    relatedId: 'contact-1',
    related: { contactId: 'contact-1', accountId: null },
    uniqueId: 'u-1',
    socureDocumentId: null,
    socureDeviceId: null,
    ...overrides,
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithApp(
  ui: ReactElement,
  api: ReturnType<typeof fakeServer>['api'],
  queryClient: QueryClient = testQueryClient(),
) {
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <SnackbarProvider>
          <Suspense fallback={<p>suspended</p>}>{ui}</Suspense>
        </SnackbarProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** Types a date into the picker's segments, in the order the UI language puts them (month first in English). */
export async function typeDate(
  user: ReturnType<typeof userEvent.setup>,
  label: RegExp | string,
  date: { year: number; month: number; day: number },
) {
  const group = screen.getByRole('group', { name: label });
  const segments = within(group).getAllByRole('spinbutton');
  const parts: Record<string, string> = {
    month: String(date.month).padStart(2, '0'),
    day: String(date.day).padStart(2, '0'),
    year: String(date.year),
  };
  const [first] = segments;
  if (!first) throw new Error('no date segments');
  await user.click(first);
  // Each segment moves on to the next once it is full.
  await user.keyboard(segments.map((segment) => parts[segment.getAttribute('data-type') ?? ''] ?? '').join(''));
}

/** A UTC calendar date moved by years and days from today (the validator counts in UTC, as the API does). */
export function fromTodayUtc({ years = 0, days = 0 }: { years?: number; days?: number }) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
