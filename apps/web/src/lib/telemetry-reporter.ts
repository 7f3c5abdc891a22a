import {
  ANALYTICS_LIMITS,
  CLIENT_ERROR_LIMITS,
  type ClientErrorReport,
  type ClientErrorSource,
} from '@rampart/contracts';
import {
  attachReporter,
  MAX_EVENTS_PER_PAGE,
  MAX_REPORTS_PER_PAGE,
  type EventProperties,
  type Reporter,
} from './telemetry';

export { MAX_EVENTS_PER_PAGE, MAX_REPORTS_PER_PAGE, type EventProperties };

/**
 * R22 (decision 036): errors seen in the browser are reported with the signed-in user's guid and email, to Sentry when
 * the deployment's public config has a DSN (its SDK is loaded then, and only then), otherwise to the API's log through
 * POST /api/client-errors. Product events go to POST /api/analytics. Reporting never throws and never loops: at most
 * `maxReports` errors and `maxEvents` events per page load, each send's own failure swallowed, the same error once.
 *
 * This module is loaded after the first render (app.tsx); the entry carries only ./telemetry, the queue that features
 * and the window's early errors report to until this reporter takes over.
 */

export interface TelemetryUser {
  userGuid?: string | undefined;
  email?: string | undefined;
}

/** The part of @sentry/browser the reporter uses. */
export interface SentryLike {
  init(options: { dsn: string; release: string; defaultIntegrations: false; sendDefaultPii?: boolean }): void;
  setUser(user: { id?: string; email?: string } | null): void;
  captureException(error: unknown, hint?: { tags?: Record<string, string> }): unknown;
}

export interface TelemetryOptions {
  release: string;
  /** The signed-in user, or null: read at each report, so a sign-in later in the page is reflected. */
  getUser: () => TelemetryUser | null;
  /** The public config's Sentry DSN (null: none); asked once, at the first report. */
  sentryDsn: () => Promise<string | null | undefined>;
  /** Where the API is ('/api': same origin). */
  apiBase?: string;
  fetch?: typeof fetch;
  loadSentry?: () => Promise<SentryLike>;
  /** The page's address at the time of a report. */
  location?: () => string;
  maxReports?: number;
  maxEvents?: number;
}

export interface Telemetry extends Reporter {
  /** Window 'error' and 'unhandledrejection' listeners; returns their removal. */
  listen(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: error.message || error.name || 'Error', ...(error.stack ? { stack: error.stack } : {}) };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

function smallProperties(properties: EventProperties | undefined): EventProperties | undefined {
  if (!properties) return undefined;
  const entries = Object.entries(properties)
    .filter(([name]) => name.length > 0 && name.length <= ANALYTICS_LIMITS.propertyName)
    .slice(0, ANALYTICS_LIMITS.properties)
    .map(
      ([name, value]) =>
        [name, typeof value === 'string' ? cut(value, ANALYTICS_LIMITS.propertyValue) : value] as const,
    );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const apiBase = options.apiBase ?? '/api';
  const location = options.location ?? (() => (typeof window === 'undefined' ? '' : window.location.href));
  const maxReports = options.maxReports ?? MAX_REPORTS_PER_PAGE;
  const maxEvents = options.maxEvents ?? MAX_EVENTS_PER_PAGE;
  const loadSentry = options.loadSentry ?? (async (): Promise<SentryLike> => import('./sentry-sdk'));
  let reports = 0;
  let events = 0;
  const seen = new Set<string>();
  let sentry: Promise<SentryLike | null> | null = null;

  /** The SDK, initialised once, when the config has a DSN; null otherwise or when it cannot be loaded. */
  function sentryClient(): Promise<SentryLike | null> {
    sentry ??= options
      .sentryDsn()
      .then(async (dsn) => {
        if (!dsn) return null;
        const sdk = await loadSentry();
        // Our listeners are the only ones: the SDK's own would report everything twice, past the cap.
        sdk.init({ dsn, release: options.release, defaultIntegrations: false });
        return sdk;
      })
      .catch(() => null);
    return sentry;
  }

  function post(path: string, body: unknown): Promise<void> {
    return send(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // Delivered even when the page is being left.
      keepalive: true,
      credentials: 'same-origin',
    }).then(
      () => undefined,
      () => undefined,
    );
  }

  async function deliver(error: unknown, source: ClientErrorSource): Promise<void> {
    const user = options.getUser();
    const sdk = await sentryClient();
    if (sdk) {
      sdk.setUser(
        user?.userGuid || user?.email
          ? { ...(user.userGuid ? { id: user.userGuid } : {}), ...(user.email ? { email: user.email } : {}) }
          : null,
      );
      sdk.captureException(error, { tags: { source } });
      return;
    }
    const { message, stack } = describe(error);
    const report: ClientErrorReport = {
      message: cut(message || 'Unknown error', CLIENT_ERROR_LIMITS.message),
      ...(stack ? { stack: cut(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
      url: cut(location() || 'unknown', CLIENT_ERROR_LIMITS.url),
      release: cut(options.release || 'unknown', CLIENT_ERROR_LIMITS.release),
      source,
      ...(user?.userGuid ? { userGuid: cut(user.userGuid, CLIENT_ERROR_LIMITS.userGuid) } : {}),
      ...(user?.email ? { email: cut(user.email, CLIENT_ERROR_LIMITS.email) } : {}),
    };
    await post('/client-errors', report);
  }

  const telemetry: Telemetry = {
    reportError(error, source = 'react') {
      try {
        const { message, stack } = describe(error);
        const key = `${message}\n${stack ?? ''}`;
        if (seen.has(key) || reports >= maxReports) return;
        seen.add(key);
        reports += 1;
        void deliver(error, source).catch(() => undefined);
      } catch {
        // Reporting must never become the next error.
      }
    },
    trackEvent(event, properties) {
      try {
        if (events >= maxEvents) return;
        events += 1;
        const small = smallProperties(properties);
        void post('/analytics', { event, ...(small ? { properties: small } : {}) });
      } catch {
        // As above.
      }
    },
    listen(target) {
      const onError = (event: Event) => {
        const e = event as ErrorEvent;
        telemetry.reportError(e.error ?? e.message ?? 'Script error', 'error');
      };
      const onRejection = (event: Event) =>
        telemetry.reportError((event as PromiseRejectionEvent).reason, 'unhandledrejection');
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      return () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
      };
    },
  };
  return telemetry;
}

/**
 * Starts the page's reporter: it takes over from the entry's queue (./telemetry), reports what was queued before it
 * loaded, and listens to the window's errors from now on. Returns its stop.
 */
export function startTelemetry(
  options: TelemetryOptions,
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): () => void {
  const telemetry = createTelemetry(options);
  const stopListening = target ? telemetry.listen(target) : () => undefined;
  const detach = attachReporter(telemetry);
  return () => {
    stopListening();
    detach();
  };
}
