import { OrderReply, type RampOrder } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /ramp/cancel {orderId}: the owner cancels an order still waiting for its payment or deposit (decision 058).
 * Never retried (R16): a lost reply is settled by reading the order again.
 */
export function cancelOrder(api: ApiClient, orderId: string): Promise<RampOrder> {
  return api.request('/ramp/cancel', { body: { orderId }, schema: OrderReply }).then((reply) => reply.order);
}
