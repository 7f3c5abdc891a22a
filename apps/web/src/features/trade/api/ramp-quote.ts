import { RampQuoteReply, type RampQuoteRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /ramp/quote: a firm, single-use price. No retry (R16): the caller keeps the idemId until the inputs change,
 * so asking again after a lost reply returns the same quote rather than a second one.
 */
export function requestQuote(api: ApiClient, body: RampQuoteRequest, signal?: AbortSignal): Promise<RampQuoteReply> {
  return api.request('/ramp/quote', { body, signal, schema: RampQuoteReply });
}
