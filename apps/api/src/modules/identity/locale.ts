import { IDENTITY_LOCALES, type IdentityLocale } from '@rampart/contracts';

/** The first supported language of an Accept-Language header (weights honoured), else English. */
export function localeFromAcceptLanguage(header: string | undefined): IdentityLocale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((r) => (IDENTITY_LOCALES as readonly string[]).includes(r.lang));
  return (match?.lang as IdentityLocale | undefined) ?? 'en';
}

/** 'jane@example.com' -> 'j***@e***.com': enough for the user to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.length - 5, 1))}${phone.slice(-4)}`;
}
