import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrderRequest,
  OrderChallengeReply,
  OrderChallengeRequest,
  OrderIdRequest,
  OrderListReply,
  OrderListRequest,
  OrderReply,
  ShortLinkReply,
  TrackingReply,
  TrackingRequest,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { OrdersContext } from './context';
import { placeOrder, startOrderChallenge, type OrderStepUp } from './place-order';
import { cancelOrder, getOrder, listOrders, receiveOrderDeposit, resolveShortLink, trackOrder } from './manage-order';

const tags = ['ramp'];

/** A request that changed an order logs the order's id and state beside the request's own id (decision 036). */
const logOrder =
  (request: FastifyRequest, what: string) =>
  (reply: OrderReply): OrderReply => {
    request.log.info(
      { orderId: reply.order.orderId, status: reply.order.status, ...(reply.replayed ? { replayed: true } : {}) },
      what,
    );
    return reply;
  };

/** Orders, tracking and short links (decision 024). */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext; stepUp: OrderStepUp; sandbox: boolean }> = async (
  app,
  { ctx, stepUp, sandbox },
) => {
  const signedIn = { preValidation: app.authenticate };
  const reply = { 200: OrderReply, ...errorResponses };
  app.post(
    '/ramp/order-challenge',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start the step-up for an open quote: which second factor to enter; an email or SMS code is sent (R2)',
        body: OrderChallengeRequest,
        response: { 200: OrderChallengeReply, ...errorResponses },
      },
    },
    (request) => startOrderChallenge(ctx, stepUp, requireUser(request).userGuid, request.body.quoteId),
  );
  app.post(
    '/ramp/order',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Place an order from a quote with the second-factor code (consumes it; the same quote gives the same order back)',
        body: CreateOrderRequest,
        response: reply,
      },
    },
    (request) =>
      placeOrder(ctx, stepUp, requireUser(request).userGuid, request.body, { ip: request.ip }).then(
        logOrder(request, 'order placed'),
      ),
  );
  app.post(
    '/ramp/cancel',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Cancel one of the caller's orders while it waits for funds or a deposit",
        body: OrderIdRequest,
        response: reply,
      },
    },
    (request) =>
      cancelOrder(ctx, requireUser(request).userGuid, request.body.orderId).then(logOrder(request, 'order cancelled')),
  );
  app.post(
    '/ramp/order-get',
    { ...signedIn, schema: { tags, summary: "One of the caller's orders", body: OrderIdRequest, response: reply } },
    (request) => getOrder(ctx, requireUser(request).userGuid, request.body.orderId),
  );
  app.post(
    '/ramp/orders',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's orders, newest first",
        body: OrderListRequest,
        response: { 200: OrderListReply, ...errorResponses },
      },
    },
    (request) => listOrders(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/ramp/tracking',
    {
      schema: {
        tags,
        summary: "An order's public view by its tracking id (body tracking_id or trackingId, or the query tracking_id)",
        body: TrackingRequest,
        querystring: z.object({ tracking_id: z.string().max(200).optional() }),
        response: { 200: TrackingReply, ...errorResponses },
      },
    },
    (request) => trackOrder(ctx, request.body?.tracking_id ?? request.body?.trackingId ?? request.query.tracking_id),
  );
  app.get(
    '/ramp/tracking',
    {
      schema: {
        tags,
        summary: "An order's public view by its tracking id (query tracking_id)",
        querystring: z.object({ tracking_id: z.string().max(200).optional() }),
        response: { 200: TrackingReply, ...errorResponses },
      },
    },
    (request) => trackOrder(ctx, request.query.tracking_id),
  );
  app.get(
    '/r/:shortId',
    {
      schema: {
        tags,
        summary: 'The tracking id behind a short link /r/:shortId',
        params: z.object({ shortId: z.string().max(100) }),
        response: { 200: ShortLinkReply, ...errorResponses },
      },
    },
    (request) => resolveShortLink(ctx, request.params.shortId),
  );
  if (sandbox) {
    app.post(
      '/primetrust-sandbox-receive-order-deposit',
      {
        ...signedIn,
        schema: {
          tags: ['sandbox'],
          summary: "The chain reports a sell order's deposit (sandbox only)",
          body: OrderIdRequest,
          response: reply,
        },
      },
      (request) =>
        receiveOrderDeposit(ctx, requireUser(request).userGuid, request.body.orderId).then(
          logOrder(request, 'order deposit received'),
        ),
    );
  }
};
