import { createApiClient, type ApiClient, type RequestOptions } from '../../../lib/api';

/**
 * How the capture talks to the API (docs/decisions/010). Two callers, one shape:
 * - signed in (/kyc/identity): the JSON calls go through the app's client (its token, refreshed before expiry);
 * - the phone (/kyc/continue): no session at all, every call carries the capture token the link gave, through a
 *   client of its own, so nothing of a signed-in session on that browser is used or touched.
 * Uploads go through XMLHttpRequest (fetch cannot report upload progress), wrapped as the `fetch` of a small API
 * client so that the replies and errors are read exactly as every other call's.
 */

export const API_BASE_URL = '/api';

/** A 60 MB request (R11) on a slow mobile link takes minutes; the client's 5 s (docs/decisions/062) would cut it. */
export const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

export interface UploadOptions<T> {
  schema?: { parse(data: unknown): T };
  /** Bytes of the request body sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface CaptureApi {
  /** JSON calls: /socure/status, /socure/submit_document. */
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** Multipart upload with progress: /fileupload-user-kyc-document-upload. */
  upload<T = unknown>(path: string, body: FormData, options?: UploadOptions<T>): Promise<T>;
}

function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // A header the Headers class refuses is of no use here.
    }
  }
  return headers;
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** A `fetch` over XMLHttpRequest that reports the upload's progress (the API client's `fetch` option). */
export function xhrFetch(onProgress?: (loaded: number, total: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', requestUrl(input));
      new Headers(init?.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded, event.total);
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        const status = xhr.status;
        const empty = status === 204 || status === 205 || status === 304;
        try {
          resolve(
            new Response(empty ? null : xhr.responseText, {
              status,
              statusText: xhr.statusText,
              headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
            }),
          );
        } catch (error) {
          reject(error instanceof Error ? error : new TypeError('The reply could not be read'));
        }
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        done();
        reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      };
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

function uploadWith(getToken: TokenSource) {
  return <T>(path: string, body: FormData, options: UploadOptions<T> = {}): Promise<T> =>
    createApiClient({
      baseUrl: API_BASE_URL,
      getToken,
      fetch: xhrFetch(options.onProgress),
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }).request<T>(path, {
      body,
      schema: options.schema,
      signal: options.signal,
    });
}

/** Signed in: JSON through the app's client; the upload carries the token the app's client would send. */
export function signedInCaptureApi(
  api: ApiClient,
  getToken: TokenSource = () => api.bearerToken?.() ?? null,
): CaptureApi {
  return { request: (path, options) => api.request(path, options), upload: uploadWith(getToken) };
}

/** The phone: every call carries the capture token explicitly. */
export function tokenCaptureApi(captureToken: string): CaptureApi {
  const client = createApiClient({ baseUrl: API_BASE_URL, getToken: () => captureToken });
  return { request: (path, options) => client.request(path, options), upload: uploadWith(() => captureToken) };
}

/** The phone page's only call before it has a capture token: no Authorization header at all. */
export function anonymousApi(): ApiClient {
  return createApiClient({ baseUrl: API_BASE_URL });
}
