import { vi } from 'vitest';

/**
 * Test doubles at the network edge for the identity screens: a fake `fetch` for the JSON calls and a fake
 * XMLHttpRequest for the uploads. The components, the API client and the upload code run for real.
 */

export interface Reply {
  status?: number;
  body: unknown;
}

export interface FetchCall {
  path: string;
  body: unknown;
  authorization: string | null;
}

export type Routes = Record<string, (body: unknown, call: FetchCall) => Reply | Promise<Reply>>;

export function fakeFetch(routes: Routes) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { path, body, authorization: headers.get('authorization') };
    calls.push(call);
    const route = routes[path];
    if (!route) return new Response(JSON.stringify({ message: `no route ${path}` }), { status: 404 });
    const reply = await route(body, call);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Fires an upload progress event. */
  progress(loaded: number, total: number): void;
  respond(reply: Reply): void;
  /** The connection drops. */
  fail(): void;
}

/** Installs a fake XMLHttpRequest; `auto` answers each request at once (after a progress event) when given. */
export function fakeXhr(auto?: (request: XhrRequest, index: number) => Reply) {
  const requests: XhrRequest[] = [];
  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const request: XhrRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        fail: () => this.onerror?.(),
        respond: (reply) => {
          this.status = reply.status ?? 200;
          this.responseText = JSON.stringify(reply.body);
          this.onload?.();
        },
      };
      const index = requests.length;
      requests.push(request);
      if (auto) {
        setTimeout(() => {
          request.progress(100, 100);
          request.respond(auto(request, index));
        }, 0);
      }
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { requests };
}

/** Text fields of a FormData, and the names of its files. */
export function formFields(form: FormData): { fields: Record<string, string>; files: Record<string, string> } {
  const fields: Record<string, string> = {};
  const files: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
    else files[key] = value.name;
  });
  return { fields, files };
}

export function uploadReply(id: string, documentType: string): Reply {
  const file = { name: 'x.jpg', mime: 'image/jpeg', size: 10, sha256: 'a'.repeat(64) };
  return {
    body: {
      documents: [
        {
          id,
          documentType,
          documentSubtype: documentType === 'other' ? 'selfie' : null,
          country: 'US',
          expiresOn: null,
          issuedOn: null,
          label: null,
          identity: documentType !== 'other',
          identityPhoto: documentType === 'other',
          proofOfAddress: false,
          metadata: null,
          file,
          backFile: null,
          createdAt: '2030-01-01T00:00:00.000Z',
        },
      ],
    },
  };
}

export function session(status: string, extra: Record<string, unknown> = {}) {
  return {
    sessionId: status === 'not_started' ? null : 's-1',
    status,
    documentType: null,
    decision: null,
    reason: null,
    submittedAt: null,
    decidedAt: null,
    ...extra,
  };
}

export const DOCUMENT_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';
export const SELFIE_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export function imageFile(name: string, size = 1000, type = 'image/jpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}
