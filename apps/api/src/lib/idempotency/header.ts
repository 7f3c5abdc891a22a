import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's `Idempotency-Key` header: undefined when absent, 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw AppError.validation({
      'Idempotency-Key': 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
    });
  }
  return header;
}

/**
 * R16: the key a module stores on its own row, unique per user (transfers, card_contributions): `key:<header>`, or
 * `auto:<uuid>` without a header, so that every call without one is new.
 */
export function rowKeyOf(request: FastifyRequest): string {
  const key = idempotencyKeyOf(request);
  return key === undefined ? `auto:${randomUUID()}` : `key:${key}`;
}

/**
 * R16: the ledger key of a money-moving sandbox call, scoped to the caller (`sandbox:<userGuid>:<key>`), so one user's
 * key never meets another's. Without a header every call is a new movement (a fresh key), as a call without a key is
 * never retried by the client.
 */
export function ledgerKeyOf(request: FastifyRequest, userGuid: string): string {
  return `sandbox:${userGuid}:${idempotencyKeyOf(request) ?? randomUUID()}`;
}
