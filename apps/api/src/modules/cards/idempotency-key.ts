import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../plugins/idempotency';

/**
 * R16: the optional `Idempotency-Key` header of the card deposit calls (read and checked by `idempotencyKeyOf`). Keys
 * are per user (card_contributions' unique (user, key)). Without a header every call is new.
 */
export function cardKeyOf(request: FastifyRequest): string {
  const key = idempotencyKeyOf(request);
  return key === undefined ? `auto:${randomUUID()}` : `key:${key}`;
}
