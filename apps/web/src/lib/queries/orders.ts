import { queryOptions } from '@tanstack/react-query';
import { OrderListReply, type RampOrder } from '@rampart/contracts';
import type { ApiClient } from '../api';

/**
 * The caller's orders have one key: the home page's latest few, the buy page's past addresses and the activity
 * history are reads of the same list (`/ramp/orders` with a limit), so whatever changes an order invalidates them
 * all with `ordersKey`. A feature's own key must not hold a copy of it.
 */
export const ordersKey = ['orders'] as const;

/** POST /ramp/orders {limit}: the caller's newest orders, newest first. A read: retries (R16). */
export function ordersQueryOptions(api: ApiClient, limit: number) {
  return queryOptions({
    queryKey: [...ordersKey, limit],
    queryFn: ({ signal }): Promise<RampOrder[]> =>
      api
        .request('/ramp/orders', { body: { limit }, retry: true, signal, schema: OrderListReply })
        .then((reply) => reply.orders),
  });
}
