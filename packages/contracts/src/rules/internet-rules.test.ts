import { describe, expect, it } from 'vitest';
import { email, hostname, inetAddress, ip, ipv4, ipv6, uri, uriReference, uuid } from './index';

describe('email', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk'])('passes %j', (value) => {
    expect(email(value)).toBeUndefined();
  });

  it.each(['', 'user', 'user@', '@example.com', 'user@example', 'a b@example.com'])('refuses %j', (value) => {
    expect(email(value)).toEqual({ code: 'email', message: 'Value is not a valid email' });
  });
});

describe('hostname', () => {
  // 51 labels of 4 characters and 50 dots: exactly the 254-character limit.
  const LONGEST_HOST = Array.from({ length: 51 }, () => 'abcd').join('.');

  it('allows exactly 254 characters', () => {
    expect(LONGEST_HOST).toHaveLength(254);
    expect(hostname(LONGEST_HOST)).toBeUndefined();
  });

  it.each(['localhost', 'example.com', 'a-b.c1.example', `${'a'.repeat(63)}.com`])('passes %j', (value) => {
    expect(hostname(value)).toBeUndefined();
  });

  it.each([
    '',
    'Example.com',
    '-example.com',
    'example-.com',
    'exa_mple.com',
    'a..b',
    `${'a'.repeat(64)}.com`,
    `${LONGEST_HOST}.a`,
  ])('refuses %j', (value) => {
    expect(hostname(value)).toEqual({ code: 'hostname', message: 'Value is not a valid host name' });
  });
});

describe('IP addresses', () => {
  it('ipv4', () => {
    expect(ipv4('192.168.0.1')).toBeUndefined();
    expect(ipv4('256.0.0.1')).toEqual({ code: 'ipv4', message: 'Value is not a valid IPv4' });
    expect(ipv4('::1')?.message).toBe('Value is not a valid IPv4');
  });

  it('ipv6', () => {
    expect(ipv6('2001:db8::8a2e:370:7334')).toBeUndefined();
    expect(ipv6('::1')).toBeUndefined();
    expect(ipv6('2001:db8::g')).toEqual({ code: 'ipv6', message: 'Value is not a valid IPv6' });
    expect(ipv6('10.0.0.1')?.message).toBe('Value is not a valid IPv6');
  });

  it('ip takes either family', () => {
    expect(ip('10.0.0.1')).toBeUndefined();
    expect(ip('fe80::1')).toBeUndefined();
    expect(ip('example.com')).toEqual({ code: 'ip', message: 'Value is not a valid IP' });
  });

  it('inetAddress takes an IP address or a host name', () => {
    expect(inetAddress('10.0.0.1')).toBeUndefined();
    expect(inetAddress('::1')).toBeUndefined();
    expect(inetAddress('api.example.com')).toBeUndefined();
    expect(inetAddress('not a host')).toEqual({ code: 'inetAddress', message: 'Value is not a valid INET address' });
  });
});

describe('uuid', () => {
  it('passes an RFC 9562 UUID', () => {
    expect(uuid('123e4567-e89b-12d3-a456-426614174000')).toBeUndefined();
  });

  it.each([
    '123e4567e89b12d3a456426614174000',
    '123e4567-e89b-12d3-a456-42661417400',
    'zzze4567-e89b-12d3-a456-426614174000',
  ])('refuses %j', (value) => {
    expect(uuid(value)).toEqual({ code: 'uuid', message: 'Value is not a valid UUID' });
  });
});

describe('uri', () => {
  it.each(['https://example.com/a?b=1#c', 'mailto:user@example.com', 'urn:isbn:0451450523'])('passes %j', (value) => {
    expect(uri(value)).toBeUndefined();
  });

  it.each(['', 'example.com', '/relative/path', 'http://exa mple.com'])('refuses %j', (value) => {
    expect(uri(value)).toEqual({ code: 'uri', message: 'Value is not a valid URI' });
  });
});

describe('uriReference', () => {
  it.each(['https://example.com/a', '/trade/track?tracking_id=1', '../up', 'page#top', '#top', '?q=1', 'a%20b'])(
    'passes %j',
    (value) => {
      expect(uriReference(value)).toBeUndefined();
    },
  );

  it.each(['', 'a b', '%zz', 'a#b#c', 'http://exa mple.com', '<tag>', ':x', '1a:b'])('refuses %j', (value) => {
    expect(uriReference(value)).toEqual({ code: 'uriReference', message: 'Value is not a valid URI reference' });
  });
});
