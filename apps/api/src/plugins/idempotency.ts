import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db';
import type { Clock } from '../lib/clock';
import {
  claimHttpKey,
  completeHttpKey,
  idempotencyKeyOf,
  releaseHttpKey,
  type Claim,
  type Json,
} from '../lib/idempotency';
import { requireUser } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * R16: the route moves money; an `Idempotency-Key` header makes it safe to retry (decision 018). `reply`: the
     * first successful reply is stored and given back to duplicates. `single-flight`: one request per key at a time
     * (409 to the others); the module keeps its own record of the key and answers duplicates itself.
     */
    idempotency?: 'reply' | 'single-flight';
    /** What a `reply` route compares of two requests under one key (idempotentComparing); default: the body as sent. */
    idempotencyCompared?: (body: Json) => Json;
  }
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/**
 * Spread into a money-moving route's options: `{ ...signedIn, ...idempotent, schema }`. The route must be signed in
 * (keys belong to their user) and its handler should also pass the header's key down to the ledger (the ledger key
 * is what makes a crashed-and-retried request unable to post twice; see decision 018).
 */
export const idempotent = { config: { idempotency: 'reply' } } as const;

/**
 * Like `idempotent`, for a route whose body can say one thing several ways (an amount as "100", 100 or "100.00"):
 * `compared` gives what two requests under one key must agree on, so a retry spelt otherwise is the same request
 * (docs/decisions/104-every-refusal-is-keyed.md).
 */
export function idempotentComparing(compared: (body: Json) => Json) {
  return { config: { idempotency: 'reply', idempotencyCompared: compared } } as const;
}

/**
 * For a route whose module already keeps each key for good and answers a repeated request itself (transfers, card
 * deposits: their own unique (user, key) rows, their own parameter normalisation): `{ ...signedIn, ...singleFlight }`.
 * The HTTP layer only makes a duplicate that arrives while the first is still working answer 409 instead of waiting.
 */
export const singleFlight = { config: { idempotency: 'single-flight' } } as const;

/**
 * A stored reply given back to a duplicate: when its body has the `replayed` flag, the flag says true, as the
 * `Idempotent-Replayed` header does (docs/decisions/104-every-refusal-is-keyed.md); any other body goes out as stored.
 */
export function markedReplayed(payload: string): string {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return payload;
  if ((body as { replayed?: unknown }).replayed !== false) return payload;
  return JSON.stringify({ ...body, replayed: true });
}

/**
 * R16 at the HTTP layer (docs/design-brief.md, section 3; decision 018) for routes marked `idempotent` (or
 * `singleFlight`, which keeps no reply and leaves the comparison of parameters to its module), when the request
 * carries an `Idempotency-Key`. After authentication and body validation (so a refused body or caller claims
 * nothing), the key is claimed as in flight in its own committed statement. The handler runs; when the reply is sent,
 * a 2xx reply is stored for the duplicates to come and anything else frees the key. A duplicate while the first is in
 * flight gets 409 conflict with Retry-After; a later one gets the stored reply (header Idempotent-Replayed: true);
 * other parameters get 422 idempotency_error naming the first differing field.
 */
export default fp(
  async function idempotencyPlugin(app: FastifyInstance, options: { db: Queryable; clock: Clock }) {
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const mode = request.routeOptions.config.idempotency;
      if (mode === undefined) return;
      const key = idempotencyKeyOf(request);
      if (key === undefined) return;
      const user = requireUser(request);
      const outcome = await claimHttpKey(options.db, {
        userId: user.userGuid,
        key,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        params: (request.body ?? null) as Json,
        now: options.clock.now(),
        compareParams: mode === 'reply',
        ...(request.routeOptions.config.idempotencyCompared
          ? { compared: request.routeOptions.config.idempotencyCompared }
          : {}),
      });
      if (outcome.kind === 'claimed') {
        request.idempotencyClaim = outcome.claim;
        return;
      }
      // Strings go out as they are (no serializer): the body as the first request got it, but for its flag.
      return reply
        .code(outcome.statusCode)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(markedReplayed(outcome.payload));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      try {
        const keep =
          request.routeOptions.config.idempotency === 'reply' && reply.statusCode >= 200 && reply.statusCode < 300;
        if (keep && typeof payload === 'string') {
          await completeHttpKey(options.db, claim, { statusCode: reply.statusCode, payload, now: options.clock.now() });
        } else {
          await releaseHttpKey(options.db, claim);
        }
      } catch (error) {
        // The reply stands (the money moved, or did not); the claim stays in flight until it times out and a retry
        // takes it over, where the ledger's own key keeps the movement from happening twice.
        request.log.error({ err: error }, 'could not record the idempotency key');
      }
      return payload;
    });

    // A request that ended without a reply being sent (aborted before onSend): free its key.
    app.addHook('onResponse', async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = null;
      await releaseHttpKey(options.db, claim).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not free the idempotency key'),
      );
    });
  },
  { name: 'rampart-idempotency', dependencies: ['rampart-auth'] },
);
