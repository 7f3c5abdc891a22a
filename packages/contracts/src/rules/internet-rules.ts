import { z } from 'zod';
import { stringRule, type Rule } from './rule';

// zod's format checks are pure and run in the browser too; node:net is off limits here.
const EMAIL = z.email();
const IPV4 = z.ipv4();
const IPV6 = z.ipv6();
const UUID = z.uuid();
const URL_SCHEMA = z.url();

const isIpv4 = (v: string): boolean => IPV4.safeParse(v).success;
const isIpv6 = (v: string): boolean => IPV6.safeParse(v).success;

// Document 2: up to 254 characters; labels of 1-63 lowercase letters, digits and hyphens, with no
// hyphen at either end.
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^(?=.{1,254}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);
const isHostname = (v: string): boolean => HOSTNAME.test(v);

export const email: Rule = stringRule('email', (v) => EMAIL.safeParse(v).success);

export const hostname: Rule = stringRule('hostname', isHostname);

export const ipv4: Rule = stringRule('ipv4', isIpv4);

export const ipv6: Rule = stringRule('ipv6', isIpv6);

export const ip: Rule = stringRule('ip', (v) => isIpv4(v) || isIpv6(v));

/** As Java's InetAddress takes it: an IP address or a host name. */
export const inetAddress: Rule = stringRule('inetAddress', (v) => isIpv4(v) || isIpv6(v) || isHostname(v));

export const uuid: Rule = stringRule('uuid', (v) => UUID.safeParse(v).success);

/** An absolute URI with a scheme, as the platform's URL parser reads it. */
export const uri: Rule = stringRule('uri', (v) => URL_SCHEMA.safeParse(v).success);

// RFC 3986 characters: unreserved, reserved, and well-formed percent escapes, nothing else.
const URI_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})+$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * RFC 3986 URI-reference: an absolute URI, or a relative reference (path, query, fragment) whose
 * first segment has no colon (which would make it read as a scheme) and with at most one '#'.
 */
export const uriReference: Rule = stringRule('uriReference', (v) => {
  if (!URI_CHARS.test(v) || v.indexOf('#') !== v.lastIndexOf('#')) return false;
  if (SCHEME.test(v)) return URL_SCHEMA.safeParse(v).success;
  const firstSegment = v.split(/[/?#]/, 1)[0] ?? '';
  return !firstSegment.includes(':');
});
