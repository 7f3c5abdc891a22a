import { TradeEstimateReply, type TradeEstimateRequest, type TradeFigures } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /ramp/trade-estimate: the figures a quote would have, nothing stored. A read: retries (R16). */
export function tradeEstimate(api: ApiClient, body: TradeEstimateRequest, signal?: AbortSignal): Promise<TradeFigures> {
  return api
    .request('/ramp/trade-estimate', { body, retry: true, signal, schema: TradeEstimateReply })
    .then((reply) => reply.estimate);
}
