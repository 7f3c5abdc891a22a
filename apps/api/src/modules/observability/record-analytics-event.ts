import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEvent } from '@rampart/contracts';
import type { ProductEvents } from '../../lib/product-events';

/** R22: a product event from the SPA is counted (source 'client') and logged with its few properties. */
export function recordAnalyticsEvent(log: FastifyBaseLogger, events: ProductEvents, body: AnalyticsEvent): void {
  events.record(body.event, 'client');
  log.info({ productEvent: body.event, ...(body.properties ? { properties: body.properties } : {}) }, 'product event');
}
