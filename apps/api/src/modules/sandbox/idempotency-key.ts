import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * R16: the optional `Idempotency-Key` header of a money-moving call. The ledger's key is scoped to the caller
 * (`sandbox:<userGuid>:<key>`), so one user's key never meets another's. Without a header every call is a new
 * movement (a fresh key), as a call without a key is never retried by the client.
 */
export function ledgerKeyOf(request: FastifyRequest, userGuid: string): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return `sandbox:${userGuid}:${randomUUID()}`;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw AppError.validation({ 'Idempotency-Key': 'The Idempotency-Key header must be 1 to 200 visible ASCII characters' });
  }
  return `sandbox:${userGuid}:${header}`;
}
