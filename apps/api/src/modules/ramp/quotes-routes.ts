import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RampLimitsReply,
  RampLimitsRequest,
  RampQuoteReply,
  RampQuoteRequest,
  TradeEstimateReply,
  TradeEstimateRequest,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { singleFlight } from '../../plugins/idempotency';
import { createQuote } from './create-quote';
import { estimateTrade } from './estimate-trade';
import { getLimits } from './limits';
import type { QuotesContext } from './quotes-context';

const tags = ['ramp'];

/** Quotes, estimates and limits (decision 023): signed in, the caller's own. */
export const rampQuoteRoutes: FastifyPluginAsyncZod<{ ctx: QuotesContext }> = async (app, { ctx }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/ramp/quote',
    {
      // The key is the body's idemId: the quote's unique (user, idemId) row decides which of two racing requests
      // makes the quote, and the other gets it back (createQuote). A client that also sends an Idempotency-Key header
      // gets the header's single flight too (decision 018).
      ...signedIn,
      ...singleFlight,
      schema: {
        tags,
        summary:
          'A firm, single-use quote (expiresAt), idempotent by idemId: same body the same quote, another body 422, in flight 409',
        body: RampQuoteRequest,
        response: { 200: RampQuoteReply, ...errorResponses },
      },
    },
    (request) => createQuote(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/ramp/trade-estimate',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'What an amount would cost and receive now (nothing stored)',
        body: TradeEstimateRequest,
        response: { 200: TradeEstimateReply, ...errorResponses },
      },
    },
    (request) => estimateTrade(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/ramp/limits',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's limits per method: limit, used, remaining (rolling windows)",
        body: RampLimitsRequest,
        response: { 200: RampLimitsReply, ...errorResponses },
      },
    },
    (request) => {
      const method = request.body?.method?.trim() ?? '';
      return getLimits(ctx.db, requireUser(request).userGuid, ctx.clock.now(), method === '' ? null : method);
    },
  );
};
