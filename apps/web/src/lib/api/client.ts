import { CLIENT_CONSTANTS } from '@rampart/contracts';
import {
  connectionError,
  errorFromReply,
  invalidReplyError,
  notJsonError,
  type ApiError,
  type ReplyErrorContext,
} from './errors';

/**
 * The SPA's one way to call the API (document 2, sections 7 and 9; R5, R16).
 *
 * Which calls may retry is the caller's decision (R16: reads retry; /ramp/quote, /ramp/cancel and
 * /primetrust-account-refresh never do; other writes only with an idempotency key). The client only
 * carries it out, because it cannot tell a read from a write: every call is a POST.
 */

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RequestOptions<T> {
  /** Default POST: document 2, section 7 says every call is POST unless stated. */
  method?: HttpMethod;
  /** POST: the JSON body (a FormData is sent as multipart, for the KYC upload). GET/DELETE: the query string. */
  body?: unknown;
  /** Fills ':name' segments of the path; every value must be a non-empty string. */
  params?: Record<string, unknown>;
  /** Default false. */
  retry?: boolean;
  timeoutMs?: number;
  /** Sent as the Idempotency-Key header (R16). */
  idempotencyKey?: string;
  /** A zod schema (or anything with parse) the successful reply is parsed with. */
  schema?: { parse(data: unknown): T };
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. '/api' (same origin) or 'http://127.0.0.1:3000/api'. */
  baseUrl: string;
  /** Asked before every attempt, so a retry after a back-off uses a token refreshed meanwhile. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** R5: called when a reply says the account is frozen. */
  onAccountFrozen?: () => void;
  /**
   * Default CLIENT_CONSTANTS.configuredClientTimeoutMs (5000): every client of the app is the document's
   * 'configured client' (docs/decisions/062). A call that does long real work asks for more itself.
   */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * The document's own default timeout (80 000 ms, document 2, section 9), for the calls whose server work is long
 * by design: the ones that hash or check a password with Argon2 (docs/decisions/062).
 */
export const LONG_WORK_TIMEOUT_MS = CLIENT_CONSTANTS.requestTimeoutMs;

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * The bearer token the next request would carry (renewed first when close to expiry), for a transport of a
   * feature's own, such as an upload that reports its progress.
   */
  bearerToken?(): Promise<string | null>;
}

/**
 * Back-off before retry number `retryIndex` (0 for the first retry): 500 ms doubling, at most 3000 ms
 * (document 2, section 9), with *equal jitter*: half the step is fixed, half is random, so the delay lies
 * in [step/2, step). Equal rather than full jitter because it still spreads clients apart while keeping
 * every delay larger than the whole range of the previous one (250-500, 500-1000, 1000-2000 ms): the
 * back-off really grows, whatever the random draws, and never exceeds the 3000 ms cap.
 */
export function retryDelayMs(retryIndex: number, random: () => number = Math.random): number {
  const step = Math.min(
    CLIENT_CONSTANTS.retryInitialDelayMs * 2 ** Math.max(0, retryIndex),
    CLIENT_CONSTANTS.retryMaxDelayMs,
  );
  // Clamp: an injected random outside [0, 1) must not push the delay past the cap or below zero.
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.min(Math.round(step / 2 + (r * step) / 2), CLIENT_CONSTANTS.retryMaxDelayMs);
}

/**
 * Retry-After in milliseconds (delta-seconds or an HTTP date), capped at 60 s; undefined when absent
 * or unreadable, so the normal back-off applies. A date in the past means "now".
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(Math.round(ms), CLIENT_CONSTANTS.retryAfterMaxMs);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Fills ':name' segments. Document 2, section 7: "a non-string argument raises an error". */
function fillPathParams(path: string, params: Record<string, unknown> | undefined): string {
  // Every value is checked, used or not, so a wrong call fails the same way wherever the segment sits.
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`Path parameter "${name}" must be a non-empty string, got ${describeValue(value)}`);
    }
  }
  const queryAt = path.indexOf('?');
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : path.slice(queryAt);
  const filled = pathname.replace(/\/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string') {
      throw new TypeError(`Path parameter "${name}" must be a non-empty string, got ${describeValue(value)}`);
    }
    return `/${encodeURIComponent(value)}`;
  });
  return filled + rest;
}

function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * GET and DELETE send their data as a query string (document 2, section 7). undefined and null are left
 * out: the literal words would reach the server as data. Arrays repeat the key (ids=1&ids=2).
 */
function toQueryString(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (!isPlainObject(body)) {
    throw new TypeError(
      `A GET or DELETE body must be a plain object (it becomes the query string), got ${describeValue(body)}`,
    );
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined && item !== null) query.append(key, queryValue(item));
      }
    } else if (value !== undefined && value !== null) {
      query.append(key, queryValue(value));
    }
  }
  return query.toString();
}

function joinUrl(baseUrl: string, path: string, query: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const rel = path.startsWith('/') ? path : `/${path}`;
  if (query === '') return base + rel;
  return `${base}${rel}${rel.includes('?') ? '&' : '?'}${query}`;
}

function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

type Attempt =
  | { outcome: 'reply'; status: number; headers: Headers; text: string }
  | { outcome: 'network'; timedOut: boolean; cause: unknown };

type Stop = { stop: 'timeout' } | { stop: 'abort' };

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryableStatus(status: number): boolean {
  // Document 2, section 7: "Calls with retry enabled retry on 409 and on 500 and above".
  return status === 409 || status >= 500;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Wrapped rather than stored: browsers throw 'Illegal invocation' when fetch is called with a foreign `this`.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const clientTimeoutMs = options.timeoutMs ?? CLIENT_CONSTANTS.configuredClientTimeoutMs;

  /**
   * One HTTP exchange, body included: the timeout covers a server that sends headers and then stalls.
   * The race against `stopped` makes the timeout hold even for an injected fetch that ignores signals.
   * A caller's abort is rethrown as is (not a network failure, never retried).
   */
  async function attempt(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onCallerAbort: (() => void) | undefined;
    const stopped = new Promise<Stop>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError'));
        resolve({ stop: 'timeout' });
      }, timeoutMs);
      if (signal !== undefined) {
        onCallerAbort = () => {
          controller.abort(abortReason(signal));
          resolve({ stop: 'abort' });
        };
        signal.addEventListener('abort', onCallerAbort, { once: true });
      }
    });
    const exchange = (async (): Promise<Attempt> => {
      const response = await doFetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      return { outcome: 'reply', status: response.status, headers: response.headers, text };
    })();
    try {
      const first = await Promise.race([exchange, stopped]);
      if ('outcome' in first) return first;
      if (first.stop === 'abort' && signal !== undefined) throw abortReason(signal);
      return { outcome: 'network', timedOut: true, cause: controller.signal.reason };
    } catch (cause) {
      if (signal?.aborted === true) throw abortReason(signal);
      return { outcome: 'network', timedOut: controller.signal.aborted, cause };
    } finally {
      clearTimeout(timer);
      if (signal !== undefined && onCallerAbort !== undefined) signal.removeEventListener('abort', onCallerAbort);
    }
  }

  async function buildInit(
    method: HttpMethod,
    body: unknown,
    idempotencyKey: string | undefined,
  ): Promise<RequestInit> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await options.getToken?.();
    if (typeof token === 'string' && token !== '') headers.Authorization = `Bearer ${token}`;
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    if (method !== 'POST') return { method, headers };
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      // Multipart (the KYC upload): the browser writes the content-type with its boundary.
      return { method, headers, body };
    }
    headers['Content-Type'] = 'application/json';
    // An empty POST still sends '{}': some servers refuse an empty body declared as JSON.
    return { method, headers, body: JSON.stringify(body ?? {}) };
  }

  function fail(error: ApiError): never {
    if (error.accountFrozen) {
      try {
        options.onAccountFrozen?.();
      } catch (callbackError) {
        // The caller must still get the API error, not a failure of its own handler.
        console.error('[api] onAccountFrozen threw', callbackError);
      }
    }
    throw error;
  }

  async function request<T = unknown>(path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const method = requestOptions.method ?? 'POST';
    const { signal } = requestOptions;
    // Argument mistakes throw here, before any request is made.
    const url = joinUrl(
      options.baseUrl,
      fillPathParams(path, requestOptions.params),
      method === 'POST' ? '' : toQueryString(requestOptions.body),
    );
    const maxRetries = requestOptions.retry === true ? CLIENT_CONSTANTS.maxRetries : 0;
    const timeoutMs = requestOptions.timeoutMs ?? clientTimeoutMs;

    for (let retries = 0; ; retries += 1) {
      if (signal?.aborted === true) throw abortReason(signal);
      const init = await buildInit(method, requestOptions.body, requestOptions.idempotencyKey);
      const result = await attempt(url, init, timeoutMs, signal);

      const retryable = result.outcome === 'network' || isRetryableStatus(result.status);
      if (retryable && retries < maxRetries) {
        const retryAfter =
          result.outcome === 'reply' ? parseRetryAfter(result.headers.get('retry-after') ?? undefined) : undefined;
        // The server's Retry-After is used as given (no jitter): it knows when it will be ready.
        await sleep(retryAfter ?? retryDelayMs(retries, random));
        continue;
      }

      if (result.outcome === 'network') {
        throw connectionError({ retries, timedOut: result.timedOut, cause: result.cause });
      }

      // The headers are copied for an error only: a page's first replies are many, and each carries a dozen
      // security headers that a successful reply never reads.
      const ctx = (): ReplyErrorContext => ({
        status: result.status,
        headers: headersToRecord(result.headers),
        retries,
      });
      let data: unknown;
      if (result.status === 204 || result.status === 205) {
        data = undefined;
      } else {
        try {
          data = JSON.parse(result.text) as unknown;
        } catch {
          fail(notJsonError(ctx()));
        }
      }
      // A 2xx with errorMessage is not an error here: the auth call reads errorMessage itself.
      if (result.status >= 400) fail(errorFromReply(data, ctx()));

      if (requestOptions.schema === undefined) return data as T;
      try {
        return requestOptions.schema.parse(data);
      } catch (cause) {
        console.debug('[api] reply did not match its schema', path, cause);
        fail(invalidReplyError(ctx(), cause));
      }
    }
  }

  return { request, bearerToken: async () => (await options.getToken?.()) ?? null };
}
