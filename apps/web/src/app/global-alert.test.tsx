import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_TEXT, ApiError, ApiProvider, createApiClient } from '../lib/api';
import { alertContentOf, GlobalAlert } from './global-alert';

type Health = 'ok' | 'degraded' | 'no-reply' | 'proxy';

/** The alert over a real API client whose only reachable call is the health check, answering as asked. */
function mount(health: Health = 'ok') {
  const calls: { method: string; url: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input) });
    if (health === 'no-reply') throw new TypeError('Failed to fetch');
    if (health === 'proxy')
      return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const status = health === 'ok' ? 200 : 503;
    return new Response(JSON.stringify({ status: health }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createApiClient({
    baseUrl: '/api',
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => {},
  });
  render(
    <ApiProvider api={api}>
      <GlobalAlert />
    </ApiProvider>,
  );
  return calls;
}

const connectionFailure = () =>
  new ApiError({ message: API_ERROR_TEXT.connection, type: 'connection_error', kind: 'connection', retries: 3 });

function reject(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('alertContentOf', () => {
  it('reads an ApiError: message, errors and fields', () => {
    const error = new ApiError({
      message: 'validation error',
      type: 'new_validation_error',
      kind: 'general',
      errors: ['Email is required'],
      fields: { email: 'Email is required' },
    });
    expect(alertContentOf(error)).toEqual({
      message: 'validation error',
      errors: ['Email is required'],
      fields: [['email', 'Email is required']],
    });
  });

  it('reads the raw reply shape', () => {
    expect(alertContentOf({ errors: { errors: ['a'], fields: { f: 'b' } } })).toEqual({
      message: undefined,
      errors: ['a'],
      fields: [['f', 'b']],
    });
  });

  it('ignores reasons with nothing to show', () => {
    expect(alertContentOf('boom')).toBeNull();
    expect(alertContentOf({})).toBeNull();
    expect(alertContentOf(undefined)).toBeNull();
  });
});

describe('GlobalAlert', () => {
  it('shows a dismissible red alert for an unhandled rejection', () => {
    const calls = mount();
    reject({ message: 'Something broke', fields: { amount: 'Amount is required' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something broke');
    expect(alert).toHaveTextContent('amount Amount is required');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // Not a connection failure: no health check.
    expect(calls).toEqual([]);
  });
});

describe('GlobalAlert after a connection failure (GET /user/healthcheck)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['the service is healthy', 'ok' as const, 'Rampart is running: the connection was interrupted. Please try again.'],
    [
      'the service says it is degraded',
      'degraded' as const,
      'Rampart is not available right now. Please try again in a few minutes.',
    ],
    [
      'a proxy answers for the service',
      'proxy' as const,
      'Rampart is not available right now. Please try again in a few minutes.',
    ],
    [
      'nothing answers',
      'no-reply' as const,
      'We could not reach Rampart. Check your internet connection and try again.',
    ],
  ])('checks the service once, not retried, and says so when %s', async (_when, health, text) => {
    const calls = mount(health);
    reject(connectionFailure());
    reject(connectionFailure());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(API_ERROR_TEXT.connection);
    await waitFor(() => expect(alerts[0]).toHaveTextContent(text));
    expect(alerts[1]).toHaveTextContent(text);
    expect(calls).toEqual([{ method: 'GET', url: '/api/user/healthcheck' }]);
  });

  it('says the user is offline without a request when the browser has no network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mount();
    reject(connectionFailure());
    expect(
      await screen.findByText('You seem to be offline. Check your internet connection and try again.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
