import { describe, expect, it, vi } from 'vitest';
import {
  createTelemetry,
  MAX_REPORTS_PER_PAGE,
  startTelemetry,
  type SentryLike,
  type TelemetryOptions,
} from './telemetry-reporter';
import { queueWindowErrors, reportError, trackEvent } from './telemetry';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(overrides: Partial<TelemetryOptions> = {}) {
  const fetch = vi.fn(async () => new Response(null, { status: 202 }));
  const sentry: SentryLike = { init: vi.fn(), setUser: vi.fn(), captureException: vi.fn() };
  const loadSentry = vi.fn(async () => sentry);
  const telemetry = createTelemetry({
    release: '1.4.0',
    getUser: () => ({ userGuid: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a', email: 'ada@example.com' }),
    sentryDsn: async () => null,
    fetch: fetch as unknown as typeof globalThis.fetch,
    loadSentry,
    location: () => 'https://app.rampart.example/trade/buy',
    ...overrides,
  });
  const bodies = (path: string) =>
    (fetch.mock.calls as unknown as Array<[string, RequestInit]>)
      .filter(([url]) => url === path)
      .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  return { telemetry, fetch, sentry, loadSentry, bodies };
}

describe('the error and event reporter (R22, decision 036)', () => {
  it('sends errors to the client-error endpoint with the user guid and email when there is no Sentry DSN', async () => {
    const { telemetry, loadSentry, bodies } = setup();
    const error = new TypeError('x is undefined');
    telemetry.reportError(error, 'error');
    await flush();
    expect(loadSentry).not.toHaveBeenCalled();
    expect(bodies('/api/client-errors')).toEqual([
      {
        message: 'x is undefined',
        stack: error.stack,
        url: 'https://app.rampart.example/trade/buy',
        release: '1.4.0',
        source: 'error',
        userGuid: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a',
        email: 'ada@example.com',
      },
    ]);
  });

  it('leaves the user out before sign-in and cuts what is too long for the endpoint', async () => {
    const { telemetry, bodies } = setup({ getUser: () => null });
    telemetry.reportError('m'.repeat(5000));
    await flush();
    const [body] = bodies('/api/client-errors');
    expect(body).not.toHaveProperty('userGuid');
    expect(body).not.toHaveProperty('email');
    expect(String(body?.message)).toHaveLength(2000);
  });

  it('loads Sentry only with a DSN, names the user to it, and posts nothing to the endpoint', async () => {
    const { telemetry, loadSentry, sentry, fetch } = setup({ sentryDsn: async () => 'https://key@sentry.example/1' });
    const first = new Error('one');
    telemetry.reportError(first);
    telemetry.reportError(new Error('two'));
    await flush();
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@sentry.example/1',
      release: '1.4.0',
      defaultIntegrations: false,
    });
    expect(sentry.setUser).toHaveBeenCalledWith({
      id: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a',
      email: 'ada@example.com',
    });
    expect(sentry.captureException).toHaveBeenCalledWith(first, { tags: { source: 'react' } });
    expect(sentry.captureException).toHaveBeenCalledTimes(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to the endpoint when the Sentry SDK cannot be loaded', async () => {
    const { telemetry, bodies } = setup({
      sentryDsn: async () => 'https://key@sentry.example/1',
      loadSentry: async () => Promise.reject(new Error('blocked')),
    });
    telemetry.reportError(new Error('boom'));
    await flush();
    expect(bodies('/api/client-errors').map((b) => b.message)).toEqual(['boom']);
  });

  it(`reports at most ${MAX_REPORTS_PER_PAGE} errors per page load, each distinct error once, and never throws`, async () => {
    const { telemetry, fetch, bodies } = setup();
    fetch.mockRejectedValue(new Error('offline'));
    for (let i = 0; i < 3; i += 1) telemetry.reportError(new Error('same'));
    for (let i = 0; i < 30; i += 1) telemetry.reportError(new Error(`error ${i}`));
    await flush();
    const sent = bodies('/api/client-errors');
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(sent.filter((b) => b.message === 'same')).toHaveLength(1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => telemetry.reportError(cyclic)).not.toThrow();
  });

  it("reports the window's errors and unhandled rejections while listening", async () => {
    const { telemetry, bodies } = setup();
    // A stand-in for the window: jsdom's own would hand the dispatched error to the test runner as well.
    const target = new EventTarget();
    const stop = telemetry.listen(target as unknown as Window);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('from the window'), message: 'from the window' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('from a promise');
    target.dispatchEvent(rejection);
    stop();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after stop') }));
    await flush();
    expect(bodies('/api/client-errors').map((b) => [b.message, b.source])).toEqual([
      ['from the window', 'error'],
      ['from a promise', 'unhandledrejection'],
    ]);
  });

  it('posts product events with small properties to the analytics endpoint', async () => {
    const { telemetry, bodies } = setup();
    telemetry.trackEvent('sign_up');
    telemetry.trackEvent('identity_widget_error', { kind: 'load', detail: 'd'.repeat(500) });
    await flush();
    expect(bodies('/api/analytics')).toEqual([
      { event: 'sign_up' },
      { event: 'identity_widget_error', properties: { kind: 'load', detail: 'd'.repeat(200) } },
    ]);
  });

  it('reports what failed before the reporter loaded: the entry queues errors, window errors and events until it starts', async () => {
    const { bodies, fetch } = setup();
    const target = new EventTarget();
    queueWindowErrors(target as unknown as Window);
    reportError(new Error('during the first render'));
    target.dispatchEvent(
      new ErrorEvent('error', { error: new Error('early window error'), message: 'early window error' }),
    );
    trackEvent('sign_up');
    await flush();
    expect(fetch).not.toHaveBeenCalled();

    const stop = startTelemetry(
      {
        release: '1.4.0',
        getUser: () => null,
        sentryDsn: async () => null,
        fetch: fetch as unknown as typeof globalThis.fetch,
        location: () => 'https://app.rampart.example/auth',
      },
      target as unknown as Window,
    );
    target.dispatchEvent(
      new ErrorEvent('error', { error: new Error('later window error'), message: 'later window error' }),
    );
    await flush();
    expect(bodies('/api/client-errors').map((b) => [b.message, b.source])).toEqual([
      ['during the first render', 'react'],
      ['early window error', 'error'],
      ['later window error', 'error'],
    ]);
    expect(bodies('/api/analytics')).toEqual([{ event: 'sign_up' }]);

    stop();
    reportError(new Error('after stop: queued again, not sent'));
    await flush();
    expect(bodies('/api/client-errors')).toHaveLength(3);
  });
});
