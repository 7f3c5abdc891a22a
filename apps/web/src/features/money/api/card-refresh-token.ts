import { CardTokenReply, type CardRefreshTokenRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-refresh-token: a new form token for an expired or used one. */
export function cardRefreshToken(api: ApiClient, body: CardRefreshTokenRequest): Promise<CardTokenReply> {
  return api.request('/primetrust-creditcard-refresh-token', { body, schema: CardTokenReply });
}
