import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * R16: the optional `Idempotency-Key` header of the card deposit calls (the sandbox's rule: 1-200 visible ASCII
 * characters). Keys are per user (card_contributions' unique (user, key)). Without a header every call is new.
 */
export function cardKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return `auto:${randomUUID()}`;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw AppError.validation({ 'Idempotency-Key': 'The Idempotency-Key header must be 1 to 200 visible ASCII characters' });
  }
  return `key:${header}`;
}
