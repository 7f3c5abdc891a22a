import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { queueWindowErrors } from '../lib/telemetry';
import { api } from './api';
import { configQueryOptions } from './config';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes, prefetchFirstPageReads } from './routes';
import { createSession } from './session';
import { APP_VERSION } from './version';

const session = createSession(api);
const queryClient = createQueryClient();

/**
 * R22 (decision 036): the page's error and event reporter, with the signed-in user's guid and email; Sentry when the
 * public config has a DSN (the config query the app loads anyway), else the API's client-error endpoint.
 *
 * Decision 042: the entry only queues (errors reported by React and features, the window's errors and rejections);
 * the reporter itself is loaded once the first render is done and the browser is idle, and reports the queue.
 */
export function startAppTelemetry(): void {
  queueWindowErrors(window);
}

/** Decision 042: the first page's reads that need a session start right after the session check (trade pages). */
export function startFirstPageReads(pathname: string): void {
  prefetchFirstPageReads(pathname, session.auth, queryClient, api);
}

let paintedFirst: () => void = () => {};
/** Settles once the app's first render has been painted (decision 043): what some first pages' preloads wait for. */
export const firstPainted = new Promise<void>((resolve) => (paintedFirst = resolve));

/** After the first commit, the next frame, then a task: the frame with the first render has been painted by then. */
function useFirstPaintSignal() {
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => window.setTimeout(paintedFirst, 0));
    return () => window.cancelAnimationFrame(frame);
  }, []);
}

let reporter: Promise<unknown> | null = null;

function loadReporter(): void {
  reporter ??= import('../lib/telemetry-reporter')
    .then(({ startTelemetry }) =>
      startTelemetry(
        {
          release: APP_VERSION,
          getUser: () => {
            const state = session.auth.getState();
            return state.loggedIn ? state.userInfo : null;
          },
          sentryDsn: async () => (await queryClient.fetchQuery(configQueryOptions)).sentryDsn,
        },
        window,
      ),
    )
    // A reporter that cannot load leaves the queue as it is: reporting never becomes the next error.
    .catch(() => undefined);
}

/** After the first commit, when the browser is idle (or soon, where requestIdleCallback is missing). */
function useReporterAfterFirstRender() {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(loadReporter, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(loadReporter, 1);
    return () => window.clearTimeout(id);
  }, []);
}

export function App() {
  useFirstPaintSignal();
  useReporterAfterFirstRender();
  return (
    <AppProviders session={session} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
