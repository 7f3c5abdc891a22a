import { countryCode, isRestrictedCountry, type UserCountryReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { findIndividual } from './repository';

/**
 * The first country a language header names ('es-MX,es;q=0.9' → MX), by descending q. A bare language
 * ('es') names no country. A restricted country is skipped: it could not be selected anyway.
 */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const region = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/.exec(tag)?.[1]?.toUpperCase();
    if (region && !countryCode(region) && !isRestrictedCountry(region)) return region;
  }
  return null;
}

/** R23: the country of the KYC record, else a guess from the request's language headers. */
export async function getUserCountry(
  db: Queryable,
  userId: string,
  acceptLanguage: string | undefined,
): Promise<UserCountryReply> {
  const row = await findIndividual(db, userId);
  if (row) return { country: row.record.address.country, source: 'kyc' };
  const guess = countryFromAcceptLanguage(acceptLanguage);
  return guess ? { country: guess, source: 'language' } : { country: null, source: 'none' };
}
