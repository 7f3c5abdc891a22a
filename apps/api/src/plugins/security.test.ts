import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security';

/** What helmet's own middleware sets on a real response for the same options. */
function helmetOnARealResponse(config: { adBlockProbeUrl: string | null; env: 'production' | 'development' }) {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })(res.req, res, () => undefined);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('security headers worked out once (decision 044)', () => {
  it.each([
    { adBlockProbeUrl: null, env: 'development' as const },
    { adBlockProbeUrl: 'https://probe.example/ads.js', env: 'production' as const },
  ])('are exactly the ones helmet sets on a response (%o)', (config) => {
    const headers = securityHeaders(config);
    expect(headers).toEqual(helmetOnARealResponse(config));
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect('strict-transport-security' in headers).toBe(config.env === 'production');
    if (config.adBlockProbeUrl) expect(headers['content-security-policy']).toContain('https://probe.example');
  });
});
