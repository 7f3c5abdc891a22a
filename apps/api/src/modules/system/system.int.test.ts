import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  ApiErrorBody,
  DEFAULT_FEATURE_FLAGS,
  HealthcheckResponse,
  LivenessResponse,
  PublicConfig,
} from '@rampart/contracts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers';

describe('system routes, errors and headers', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Rampart</title><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, BODY_LIMIT_BYTES: '2048' } });
    // A route with a zod body, to see what a client sees when validation fails.
    t.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email(), name: z.object({ first: z.string().min(1) }) }) } },
      async (request) => request.body,
    );
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
    expect(res.statusCode).toBe(200);
    const body = HealthcheckResponse.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ reachable: true, kind: testDatabaseKind() });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports degraded with 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await other.app.close();
    await other.jobs.stop().catch(() => undefined);
  });

  it('answers the liveness probe without the database, where the healthcheck says degraded (decision 068)', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/livez' });
    expect(live.statusCode).toBe(200);
    expect(LivenessResponse.parse(live.json())).toMatchObject({ status: 'ok', version: '0.0.0-test' });
    expect(live.headers['cache-control']).toBe('no-store');
    const other = await createTestApp();
    await other.db.close();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/user/healthcheck' })).statusCode).toBe(503);
      const res = await other.app.inject({ method: 'GET', url: '/api/livez' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok' });
    } finally {
      await other.app.close();
      await other.jobs.stop().catch(() => undefined);
    }
  });

  it('serves the public configuration with the flags of document 2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const body = PublicConfig.parse(res.json());
    expect(body.flags).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(body.flags.twoFactorRequired).toBe(true);
    expect(body.flags.languageSelection).toBe(true);
    // No SUPPORT_URL: the app's own support page, not a domain that may not exist (decision 059).
    expect(body.supportUrl).toBe('/support');
    expect(body.supportEmail).toBeNull();
    expect(body.sandbox).toBe(true);
  });

  it('names the API version v1 of document 2 in the configuration and on every reply, errors included', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(PublicConfig.parse(config.json()).apiVersion).toBe('v1');
    expect(config.headers['api-version']).toBe('v1');
    const health = await t.app.inject({ method: 'GET', url: '/api/user/healthcheck' });
    expect(health.headers['api-version']).toBe('v1');
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/primetrust/account/get', payload: {} });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['api-version']).toBe('v1');
  });

  it('serves the OpenAPI document and the reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/user/healthcheck', '/api/config']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its own policy, which on a plain-HTTP host must not send the page's scripts to https (decision 068).
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('serves neither the reference page nor the OpenAPI document with API_DOCS=false (decision 068)', async () => {
    const closed = await createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'false', WEB_DIST_DIR: distDir } });
    try {
      for (const url of [
        '/api/openapi.json',
        '/api/docs',
        '/api/docs/',
        '/api/docs/static/index.html',
        '/api/docs/json',
      ]) {
        const res = await closed.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(ApiErrorBody.parse(res.json()).code, url).toBeTruthy();
      }
      expect((await closed.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'trace-123' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('trace-123');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("allows the ad-blocker probe's origin to the SPA's pages only when AD_BLOCK_PROBE_URL is set (R21)", async () => {
    const directive = (csp: string, name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    const page = await t.app.inject({ method: 'GET', url: '/kyc/identity' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(directive(String(page.headers['content-security-policy']), 'connect-src')).toBe("connect-src 'self'");
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ adBlockProbeUrl: null });

    const probing = await createTestApp({
      env: { WEB_DIST_DIR: distDir, AD_BLOCK_PROBE_URL: 'https://ads.probe.example/pagead/show_ads.js' },
    });
    try {
      const res = await probing.app.inject({ method: 'GET', url: '/kyc/identity' });
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://ads.probe.example");
      // Only the fetch is allowed: no script from there.
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect((await probing.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
        adBlockProbeUrl: 'https://ads.probe.example/pagead/show_ads.js',
      });
    } finally {
      await probing.close();
    }
  });

  it('sends the same security headers on refusals and unknown routes', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/no-such-route' },
      {
        method: 'POST' as const,
        url: '/api/test/echo',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers validation failures as new_validation_error with errors.errors and errors.fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', name: {} } });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorBody.parse(res.json());
    expect(body).toMatchObject({
      type: 'new_validation_error',
      message: 'validation error',
      code: 'validation_failed',
    });
    expect(body.errors?.fields).toEqual({ email: 'Value is not a valid email', 'name.first': 'A value is required' });
    expect(body.errors?.errors).toEqual(['Value is not a valid email', 'A value is required']);
  });

  const badRequests: Array<[string, { payload?: string; headers?: Record<string, string> }, number, string]> = [
    ['malformed JSON', { payload: '{"email":', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
    ['an empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }, 400, 'empty_body'],
    [
      'a wrong content type',
      { payload: 'email=x', headers: { 'content-type': 'text/csv' } },
      415,
      'unsupported_media_type',
    ],
    [
      'an oversized body',
      { payload: JSON.stringify({ email: 'a'.repeat(5000) }), headers: { 'content-type': 'application/json' } },
      413,
      'payload_too_large',
    ],
    [
      'a prototype-poisoning body',
      { payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } },
      400,
      'invalid_json',
    ],
  ];
  it.each(badRequests)('refuses %s with a 4xx in the error shape', async (_name, request, status, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', ...request });
    expect(res.statusCode).toBe(status);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe(code);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nowhere'],
      ['POST', '/api/user/nowhere'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(ApiErrorBody.parse(res.json())).toMatchObject({ code: 'route_not_found', type: 'not_found_error' });
    }
  });

  it('hides internal failures behind a 500 without detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('internal');
    expect(res.body).not.toContain('secret internal detail');
  });

  it('serves the SPA for any other path and its hashed assets with long caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/trade/track?tracking_id=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    // The build's brotli copy goes to a browser that accepts it (decision 040), with the script's own type.
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('answers 404 for a missing file under /assets/ (a chunk of an earlier build), and the SPA for deep links (decision 052)', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/trade-buy-Dq3x9a1.js?v=1',
      '/assets/app-old.css',
      '/assets/nested/gone.woff2',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).not.toContain('text/html');
        // Not cached: the file may be there after the next deploy's files are copied.
        expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      }
    }
    expect(ApiErrorBody.parse((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).json()).code).toBe(
      'not_found',
    );
    for (const url of [
      '/trade/buy',
      '/trade/buy?asset=BTC',
      '/v1/auth/login',
      '/assets-and-more',
      '/settings/assets',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('<div id="root">');
    }
  });
});
