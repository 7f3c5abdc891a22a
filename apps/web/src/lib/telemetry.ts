import type { ClientErrorSource, ProductEvent } from '@rampart/contracts';

/*
 * The page's one reporter, as features see it (R22, decision 036; decision 042). The reporter itself
 * (./telemetry-reporter: Sentry or the client-error endpoint, caps, de-duplication) is loaded after the first render,
 * to keep it out of /auth's entry; until it takes over, errors and events wait in short queues here and the window's
 * errors are caught by `queueWindowErrors`, so nothing that fails before it loads is lost.
 */

export const MAX_REPORTS_PER_PAGE = 10;
export const MAX_EVENTS_PER_PAGE = 50;

export type EventProperties = Record<string, string | number | boolean>;

export interface Reporter {
  reportError(error: unknown, source?: ClientErrorSource): void;
  trackEvent(event: ProductEvent, properties?: EventProperties): void;
}

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

let active: Reporter | null = null;
let waitingErrors: Array<[unknown, ClientErrorSource]> = [];
let waitingEvents: Array<[ProductEvent, EventProperties | undefined]> = [];
let stopEarlyListeners: (() => void) | null = null;

export function reportError(error: unknown, source: ClientErrorSource = 'react'): void {
  if (active) active.reportError(error, source);
  else if (waitingErrors.length < MAX_REPORTS_PER_PAGE) waitingErrors.push([error, source]);
}

export function trackEvent(event: ProductEvent, properties?: EventProperties): void {
  if (active) active.trackEvent(event, properties);
  else if (waitingEvents.length < MAX_EVENTS_PER_PAGE) waitingEvents.push([event, properties]);
}

/** Queues the window's errors and unhandled rejections until a reporter is attached (which then listens itself). */
export function queueWindowErrors(target: Target): void {
  if (stopEarlyListeners || active) return;
  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    reportError(e.error ?? e.message ?? 'Script error', 'error');
  };
  const onRejection = (event: Event) => reportError((event as PromiseRejectionEvent).reason, 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  stopEarlyListeners = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    stopEarlyListeners = null;
  };
}

/** Makes `reporter` the page's reporter: the early listeners stop, and what was queued is handed to it in order. */
export function attachReporter(reporter: Reporter): () => void {
  stopEarlyListeners?.();
  active = reporter;
  const errors = waitingErrors;
  const events = waitingEvents;
  waitingErrors = [];
  waitingEvents = [];
  for (const [error, source] of errors) reporter.reportError(error, source);
  for (const [event, properties] of events) reporter.trackEvent(event, properties);
  return () => {
    if (active === reporter) active = null;
  };
}
