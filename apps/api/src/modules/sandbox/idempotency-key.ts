import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../plugins/idempotency';

/**
 * R16: the optional `Idempotency-Key` header of a money-moving call (read and checked by `idempotencyKeyOf`). The
 * ledger's key is scoped to the caller (`sandbox:<userGuid>:<key>`), so one user's key never meets another's.
 * Without a header every call is a new movement (a fresh key), as a call without a key is never retried by the client.
 */
export function ledgerKeyOf(request: FastifyRequest, userGuid: string): string {
  return `sandbox:${userGuid}:${idempotencyKeyOf(request) ?? randomUUID()}`;
}
